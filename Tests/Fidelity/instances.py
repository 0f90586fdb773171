"""Random JSON values that a JSON Schema accepts, as a server would send them.

The generator follows the schema's keywords and OpenAPI's discriminators (a variant's tag is
its only allowed value, else the mapping's key, else the component's name); what it makes is
judged afterwards by a real validator, and a value the validator refuses is made again.
"""

import base64
import random
import re
import string
import uuid

try:
    import re._parser as sre_parse
    import re._constants as sre_constants
except ImportError:  # Python before 3.11
    import sre_parse
    import sre_constants


class Unsatisfiable(Exception):
    """The generator found no value for a schema (too deep, or `false`)."""


WORDS = ["alpha", "beta", "gamma", "delta", "Ünïcødé ✓", "line\nbreak", "quote\"s", "", "x", "42"]


class Generator:
    def __init__(self, description, seed):
        self.description = description
        self.random = random.Random(seed)

    # Schemas ----------------------------------------------------------------------------------

    def value(self, schema, base, depth):
        if depth > 40:
            raise Unsatisfiable("nested too deeply")
        if schema is True or schema == {}:
            return self.any_value(depth)
        if schema is False or not isinstance(schema, dict):
            raise Unsatisfiable("false schema")
        if "$ref" in schema:
            target, path = self.description.resolve(schema["$ref"], base)
            rest = {key: value for key, value in schema.items() if key != "$ref"}
            if rest and not self.description.legacy:
                return self.value(self.merge([target, rest], path, base), path, depth + 1)
            return self.value(target, path, depth + 1)
        if "const" in schema:
            return schema["const"]
        if "enum" in schema and schema["enum"]:
            return self.random.choice(schema["enum"])
        if "allOf" in schema:
            parts = [part for part in schema["allOf"]]
            rest = {key: value for key, value in schema.items() if key != "allOf"}
            return self.value(self.merge(parts + [rest], base, base), base, depth + 1)
        for key in ("oneOf", "anyOf"):
            if key in schema and schema[key]:
                return self.variant(schema, key, base, depth)
        kinds = schema.get("type")
        if isinstance(kinds, list):
            choices = [kind for kind in kinds if kind != "null"]
            if "null" in kinds and (not choices or self.random.random() < 0.25):
                return None
            if not choices:
                # `type: []`, or what a merge of parts with no type in common leaves.
                raise Unsatisfiable("no type left")
            kind = self.random.choice(choices)
        elif isinstance(kinds, str):
            kind = kinds
        elif "properties" in schema or "additionalProperties" in schema or "required" in schema:
            kind = "object"
        elif "items" in schema or "prefixItems" in schema:
            kind = "array"
        else:
            return self.any_value(depth)
        return getattr(self, "make_" + kind.replace("-", "_"), self.unknown_kind)(schema, base, depth)

    def unknown_kind(self, schema, base, depth):
        raise Unsatisfiable(f"unknown type {schema.get('type')!r}")

    def variant(self, schema, key, base, depth):
        rest = {name: value for name, value in schema.items() if name not in (key, "discriminator")}
        options = list(schema[key])
        self.random.shuffle(options)
        discriminator = schema.get("discriminator") if isinstance(schema.get("discriminator"), dict) else None
        nulls = [option for option in options if isinstance(option, dict) and option.get("type") == "null"]
        if nulls and self.random.random() < 0.2:
            return None
        option = next((option for option in options if option not in nulls), options[0])
        value = self.value(self.merge([option, rest], base, base) if rest else option, base, depth + 1)
        if discriminator and isinstance(value, dict) and isinstance(option, dict) and "$ref" in option:
            tag = self.tag(discriminator, option, base)
            if tag is not None:
                value[discriminator["propertyName"]] = tag
        return value

    def tag(self, discriminator, option, base):
        """The discriminator value that names `option`, a `$ref`."""
        target, path = self.description.resolve(option["$ref"], base)
        property_schema = self.property_schema(target, path, discriminator["propertyName"])
        values = (property_schema or {}).get("enum")
        if "const" in (property_schema or {}):
            return property_schema["const"]
        if isinstance(values, list) and len([value for value in values if value is not None]) == 1:
            return next(value for value in values if value is not None)
        name = option["$ref"].rsplit("/", 1)[-1]
        for key, reference in (discriminator.get("mapping") or {}).items():
            if reference == option["$ref"] or reference.rsplit("/", 1)[-1] == name or reference == name:
                return key
        return name

    def property_schema(self, schema, base, name, depth=0):
        if not isinstance(schema, dict) or depth > 10:
            return None
        if "$ref" in schema:
            target, path = self.description.resolve(schema["$ref"], base)
            return self.property_schema(target, path, name, depth + 1)
        found = (schema.get("properties") or {}).get(name)
        if isinstance(found, dict) and "$ref" in found:
            found, _ = self.description.resolve(found["$ref"], base)
        for part in schema.get("allOf", []):
            found = found or self.property_schema(part, base, name, depth + 1)
        return found

    def merge(self, parts, base, own_base):
        """One schema that says what all of `parts` say (for `allOf`), `$ref`s resolved."""
        merged = {}
        for part in parts:
            if not isinstance(part, dict):
                continue
            if "$ref" in part:
                target, path = self.description.resolve(part["$ref"], base)
                part = self.merge([target] + ([{k: v for k, v in part.items() if k != "$ref"}] if len(part) > 1 else []), path, path)
                part = self.anchored(part, path)
            elif "allOf" in part:
                part = self.merge(part["allOf"] + [{k: v for k, v in part.items() if k != "allOf"}], base, base)
            for key, value in part.items():
                if key == "discriminator":
                    continue
                if key == "properties":
                    properties = merged.setdefault("properties", {})
                    for name, schema in value.items():
                        properties[name] = self.merge([properties[name], schema], base, base) if name in properties and isinstance(properties[name], dict) and isinstance(schema, dict) and "$ref" not in schema else schema
                elif key == "required":
                    merged["required"] = list(dict.fromkeys(merged.get("required", []) + list(value)))
                elif key == "type" and "type" in merged:
                    left = merged["type"] if isinstance(merged["type"], list) else [merged["type"]]
                    right = value if isinstance(value, list) else [value]
                    both = [kind for kind in left if kind in right]
                    merged["type"] = both if len(both) != 1 else both[0]
                elif key in ("oneOf", "anyOf"):
                    # A discriminator goes with the variants it sits beside, as OpenAPI reads it.
                    variants = {key: value}
                    if isinstance(part.get("discriminator"), dict):
                        variants["discriminator"] = part["discriminator"]
                    if key in merged:
                        merged.setdefault("allOf", []).append(variants)
                    else:
                        merged.update(variants)
                else:
                    merged[key] = value
        return merged

    def anchored(self, schema, path):
        """`schema` from another file, its relative `$ref`s made absolute."""
        if path == self.description.root:
            return schema
        def walk(node):
            if isinstance(node, list):
                return [walk(item) for item in node]
            if not isinstance(node, dict):
                return node
            out = {key: walk(value) for key, value in node.items()}
            if isinstance(out.get("$ref"), str) and not out["$ref"].startswith("file:"):
                target, _, fragment = out["$ref"].partition("#")
                file = (path.parent / target).resolve() if target else path
                out["$ref"] = file.as_uri() + ("#" + fragment if fragment or not target else "")
            return out
        return walk(schema)

    # Kinds ------------------------------------------------------------------------------------

    def make_null(self, schema, base, depth):
        return None

    def make_boolean(self, schema, base, depth):
        return self.random.random() < 0.5

    def make_integer(self, schema, base, depth):
        low, high = self.bounds(schema, integer=True)
        step = schema.get("multipleOf")
        if isinstance(step, int) and step > 0:
            first = -(-low // step)
            last = high // step
            if first > last:
                raise Unsatisfiable("no multiple in range")
            return self.random.randint(first, last) * step
        if low > high:
            raise Unsatisfiable("no integer in range")
        return self.random.randint(low, high)

    def make_number(self, schema, base, depth):
        if self.random.random() < 0.3:
            # A number may be whole, unless its bounds hold no integer (`0.5 ≤ x ≤ 0.9`).
            try:
                return self.make_integer(schema, base, depth)
            except Unsatisfiable:
                pass
        low, high = self.bounds(schema, integer=False)
        step = schema.get("multipleOf")
        if isinstance(step, (int, float)) and step > 0:
            return round(self.random.randint(int(low / step) + 1, int(high / step) - 1) * step, 6) if high - low > 2 * step else low
        value = round(self.random.uniform(low, high), 3)
        return min(max(value, low), high)

    def bounds(self, schema, integer):
        fmt = schema.get("format")
        default_high = 2**31 - 1 if fmt == "int32" else 2**53 if fmt == "int64" and self.random.random() < 0.3 else 10**6
        if fmt == "uint64" and self.random.random() < 0.3:
            default_high = 2**64 - 1
        # An unsigned format is a promise of no sign, as `date-time` is of a date's form.
        unsigned = fmt in ("uint32", "uint64")
        low = schema.get("minimum", -default_high if self.random.random() < 0.3 and not unsigned else 0)
        high = schema.get("maximum", default_high)
        if "exclusiveMinimum" in schema and not isinstance(schema["exclusiveMinimum"], bool):
            low = schema["exclusiveMinimum"] + (1 if integer else 0.001)
        if "exclusiveMaximum" in schema and not isinstance(schema["exclusiveMaximum"], bool):
            high = schema["exclusiveMaximum"] - (1 if integer else 0.001)
        if low > high:
            low, high = (high, high) if "minimum" not in schema else (low, low)
        if integer:
            low, high = int(-(-low // 1)), int(high // 1)
        return low, high

    def make_string(self, schema, base, depth):
        fmt = schema.get("format")
        maker = FORMATS.get(fmt)
        if maker:
            return maker(self.random)
        if "pattern" in schema:
            try:
                return from_pattern(schema["pattern"], self.random)
            except (re.error, Unsatisfiable, RecursionError, OverflowError):
                pass
        low = schema.get("minLength", 0)
        high = max(low, min(schema.get("maxLength", 12), low + 12))
        text = self.random.choice(WORDS)
        while len(text) < low:
            text += self.random.choice(string.ascii_letters)
        if len(text) > high:
            text = "".join(self.random.choice(string.ascii_letters) for _ in range(self.random.randint(low, high)))
        return text

    def make_array(self, schema, base, depth):
        prefix = schema.get("prefixItems") or []
        low = schema.get("minItems", 0)
        high = schema.get("maxItems", 3 if depth < 6 else max(low, 0))
        count = self.random.randint(low, max(low, min(high, low + 3)))
        items = [self.value(item, base, depth + 1) for item in prefix[:count]]
        element = schema.get("items", True)
        for _ in range(len(items), count):
            item = self.value(element, base, depth + 1)
            if schema.get("uniqueItems") and item in items:
                continue
            items.append(item)
        return items

    def make_object(self, schema, base, depth):
        properties = schema.get("properties") or {}
        required = [name for name in schema.get("required", []) if isinstance(name, str)]
        value = {}
        # At most `maxProperties` keys: the required ones, then optional ones while room is left.
        room = schema.get("maxProperties", len(properties) + len(required)) - len(required)
        for name in properties:
            if name in required or (depth < 8 and room > 0 and self.random.random() < 0.6):
                room -= 0 if name in required else 1
                subschema = properties[name]
                # A read-only key is sometimes left out, as a request would; never a required one.
                if isinstance(subschema, dict) and subschema.get("readOnly") is True and self.random.random() < 0.1 and name not in required:
                    continue
                value[name] = self.value(subschema, base, depth + 1)
        for name in required:
            if name not in value:
                value[name] = self.any_value(depth + 1)
        extra = schema.get("additionalProperties")
        if extra not in (None, False) and (extra is not True or not properties):
            for _ in range(self.random.randint(0, 2) if depth < 6 else 0):
                key = self.random.choice(["k", "key 2", "ñ", "x_extra"]) + str(self.random.randint(0, 99))
                if key not in properties:
                    value[key] = self.value(extra, base, depth + 1)
        # `minProperties` is met with the keys the schema declares, as a server would send them;
        # a key it does not declare only where no declared one is left.
        unused = [name for name in properties if name not in value]
        self.random.shuffle(unused)
        while len(value) < schema.get("minProperties", 0) and unused:
            name = unused.pop()
            value[name] = self.value(properties[name], base, depth + 1)
        for _ in range(len(value), schema.get("minProperties", 0)):
            value["more" + str(len(value))] = self.any_value(depth + 1)
        return value

    def any_value(self, depth):
        choice = self.random.randint(0, 6 if depth < 5 else 4)
        return [None, True, 7, 2.5, "text", [1, "two"], {"nested": {"deep": [None, False]}}][choice]


def date_time(rng):
    text = "%04d-%02d-%02dT%02d:%02d:%02d" % (rng.randint(1990, 2035), rng.randint(1, 12), rng.randint(1, 28),
                                            rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
    if rng.random() < 0.3:
        text += ".%03d" % rng.randint(0, 999)
    return text + ("Z" if rng.random() < 0.7 else rng.choice(["+02:00", "-05:30"]))


FORMATS = {
    "date-time": date_time,
    "date": lambda rng: "%04d-%02d-%02d" % (rng.randint(1990, 2035), rng.randint(1, 12), rng.randint(1, 28)),
    "time": lambda rng: "%02d:%02d:%02dZ" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)),
    "uuid": lambda rng: str(uuid.UUID(int=rng.getrandbits(128), version=4)),
    "email": lambda rng: rng.choice(["ada", "grace", "linus"]) + str(rng.randint(1, 99)) + "@example.com",
    "uri": lambda rng: "https://example.com/" + rng.choice(["a", "b/c", "d?e=f"]),
    "url": lambda rng: "https://example.com/" + rng.choice(["a", "b/c"]),
    "hostname": lambda rng: rng.choice(["example.com", "api.example.org"]),
    "ipv4": lambda rng: ".".join(str(rng.randint(0, 255)) for _ in range(4)),
    "ipv6": lambda rng: "2001:db8::" + format(rng.randint(1, 0xffff), "x"),
    # Inside JSON, binary text is read as base64, as `byte` is (Docs/OpenAPI.md).
    "binary": lambda rng: base64.b64encode(bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 12)))).decode(),
    "byte": lambda rng: base64.b64encode(bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 12)))).decode(),
}


def from_pattern(pattern, rng):
    """A string that the regular expression `pattern` matches."""
    parsed = sre_parse.parse(pattern)
    return "".join(_emit(parsed, rng, {}))


def _emit(items, rng, groups):
    out = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "NOT_LITERAL":
            out.append("a" if chr(arg) != "a" else "b")
        elif name == "ANY":
            out.append(rng.choice(string.ascii_letters))
        elif name == "IN":
            out.append(_one_of(arg, rng))
        elif name == "BRANCH":
            out += _emit(rng.choice(arg[1]), rng, groups)
        elif name == "SUBPATTERN":
            text = "".join(_emit(arg[-1], rng, groups))
            if arg[0] is not None:
                groups[arg[0]] = text
            out.append(text)
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, body = arg
            high = min(high, low + 3) if high != sre_constants.MAXREPEAT else low + 3
            for _ in range(rng.randint(low, high)):
                out += _emit(body, rng, groups)
        elif name == "GROUPREF":
            out.append(groups.get(arg, ""))
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            continue
        elif name == "CATEGORY":
            out.append(_category(arg, rng))
        else:
            raise Unsatisfiable(f"pattern construct {name}")
    return out


def _category(category, rng):
    name = str(category)
    if "DIGIT" in name:
        return rng.choice(string.digits) if "NOT" not in name else "a"
    if "WORD" in name:
        return rng.choice(string.ascii_letters + string.digits + "_") if "NOT" not in name else "-"
    if "SPACE" in name:
        return " " if "NOT" not in name else "a"
    raise Unsatisfiable(f"pattern category {name}")


def _one_of(members, rng):
    if members and str(members[0][0]) == "NEGATE":
        excluded = set()
        for op, arg in members[1:]:
            if str(op) == "LITERAL":
                excluded.add(chr(arg))
            elif str(op) == "RANGE":
                excluded.update(chr(code) for code in range(arg[0], arg[1] + 1))
        return next(char for char in string.ascii_letters + string.digits if char not in excluded)
    op, arg = rng.choice(members)
    name = str(op)
    if name == "LITERAL":
        return chr(arg)
    if name == "RANGE":
        return chr(rng.randint(arg[0], arg[1]))
    if name == "CATEGORY":
        return _category(arg, rng)
    raise Unsatisfiable(f"pattern class {name}")
