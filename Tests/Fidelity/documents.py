"""Reads OpenAPI descriptions as JSON Schema, independently of Courier's own readers.

YAML is read by PyYAML (libyaml) with the YAML 1.2 core schema, as OpenAPI requires; `$ref`s
are followed across files. Schemas of OpenAPI 3.0 and Swagger 2.0 are rewritten into JSON
Schema 2020-12, so that a standard validator judges them by what they mean:
`nullable: true` and `x-nullable: true` admit `null`, boolean `exclusiveMinimum` and
`exclusiveMaximum` become numbers, `type: file` is a string, and a `$ref`'s siblings are
dropped (3.0 ignores them).
"""

import gzip
import json
import re
import urllib.parse
from pathlib import Path

import yaml


class CoreSchemaLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """PyYAML with the YAML 1.2 core schema's plain scalars (no `yes`, `on`, dates or 0-octals)."""


CoreSchemaLoader.yaml_implicit_resolvers = {}
CoreSchemaLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
CoreSchemaLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789"))
CoreSchemaLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))
CoreSchemaLoader.add_implicit_resolver("tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])


def _core_int(loader, node):
    text = loader.construct_scalar(node)
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("+-")
    if digits.startswith("0o"):
        return sign * int(digits[2:], 8)
    if digits.startswith("0x"):
        return sign * int(digits[2:], 16)
    return sign * int(digits)


CoreSchemaLoader.add_constructor("tag:yaml.org,2002:int", _core_int)


def read_file(path):
    """The JSON value of a JSON or YAML file (gzip-packed when it ends in .gz)."""
    raw = Path(path).read_bytes()
    name = str(path)
    if name.endswith(".gz"):
        raw = gzip.decompress(raw)
        name = name[:-3]
    if name.endswith(".json"):
        return json.loads(raw)
    return yaml.load(raw, Loader=CoreSchemaLoader)


SCHEMA_LISTS = ("allOf", "oneOf", "anyOf", "prefixItems")
SCHEMA_MAPS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
SCHEMA_VALUES = ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
                 "unevaluatedProperties", "unevaluatedItems", "additionalItems")


# Where a 3.0 `$ref`'s sibling `default` is kept for the comparison (validators ignore the key).
BESIDE_REF_DEFAULT = "x-courier-default-beside-ref"


def as_json_schema(schema, legacy):
    """`schema` rewritten into JSON Schema 2020-12; `legacy` for OpenAPI 3.0 and Swagger 2.0."""
    if not isinstance(schema, dict):
        return schema
    if legacy and "$ref" in schema:
        nullable = schema.get("nullable") is True or schema.get("x-nullable") is True
        reference = {"$ref": schema["$ref"]}
        # 3.0 ignores a default beside a `$ref`, but describers mean it (InfluxDB's `schemaType:
        # {$ref: SchemaType, default: implicit}`) and the importer keeps it: the comparison
        # reads it, under a name validation ignores, to tell a default written from a key added.
        if "default" in schema:
            reference[BESIDE_REF_DEFAULT] = schema["default"]
        return {"anyOf": [reference, {"type": "null"}]} if nullable else reference
    out = {}
    for key, value in schema.items():
        if key in SCHEMA_LISTS and isinstance(value, list):
            out[key] = [as_json_schema(item, legacy) for item in value]
        elif key in SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: as_json_schema(item, legacy) for name, item in value.items()}
        elif key in SCHEMA_VALUES and isinstance(value, dict):
            out[key] = as_json_schema(value, legacy)
        elif key == "items" and isinstance(value, list):
            out["prefixItems"] = [as_json_schema(item, legacy) for item in value]
        else:
            out[key] = value
    if legacy:
        for bound, limit in (("exclusiveMinimum", "minimum"), ("exclusiveMaximum", "maximum")):
            if isinstance(out.get(bound), bool):
                if out.pop(bound) and limit in out:
                    out[bound] = out.pop(limit)
        if out.get("type") == "file":
            out["type"] = "string"
        if out.pop("nullable", None) is True or out.pop("x-nullable", None) is True:
            admit_null(out)
    return out


def admit_null(schema):
    """Makes `schema` (a dict) also accept `null`, in place."""
    kind = schema.get("type")
    if isinstance(kind, str):
        schema["type"] = [kind, "null"]
    elif isinstance(kind, list):
        if "null" not in kind:
            schema["type"] = kind + ["null"]
    elif any(key in schema for key in ("allOf", "oneOf", "anyOf")):
        inner = {key: schema.pop(key) for key in ("allOf", "oneOf", "anyOf", "discriminator") if key in schema}
        schema["anyOf"] = [inner, {"type": "null"}]
        return
    if "enum" in schema and None not in schema["enum"]:
        schema["enum"] = list(schema["enum"]) + [None]


SCHEMA_KEYWORDS = ("type", "properties", "allOf", "oneOf", "anyOf", "$ref", "enum", "items", "nullable", "x-nullable", "additionalProperties")


def rewrite_schemas(node, legacy):
    """Every schema object in a description, or in a file it refers to, rewritten. A map of
    schemas (`components/schemas`, `definitions`) is known by its key; elsewhere a schema is
    known by its keywords."""
    if isinstance(node, list):
        return [rewrite_schemas(item, legacy) for item in node]
    if not isinstance(node, dict):
        return node
    if any(key in node for key in SCHEMA_KEYWORDS):
        return as_json_schema(node, legacy)
    out = {}
    for key, value in node.items():
        if key in ("schemas", "definitions") and isinstance(value, dict):
            out[key] = {name: as_json_schema(item, legacy) for name, item in value.items()}
        elif key in ("examples", "example", "x-examples"):
            out[key] = value
        else:
            out[key] = rewrite_schemas(value, legacy)
    return out


class Description:
    """A description and the files it refers to, read once each, schemas rewritten."""

    def __init__(self, root):
        self.root = Path(root).resolve()
        self.files = {}
        document = self.raw(self.root)
        self.legacy = "swagger" in document or str(document.get("openapi", "")).startswith("3.0")

    def raw(self, path):
        path = Path(path)
        key = str(path)
        if key not in self.files:
            self.files[key] = ("raw", read_file(path))
        return self.files[key][1]

    def contents(self, path):
        """The rewritten contents of one file."""
        key = str(Path(path))
        state, value = self.files.get(key, (None, None))
        if state != "rewritten":
            value = rewrite_schemas(self.raw(path), self.legacy)
            self.files[key] = ("rewritten", value)
        return value

    def uri(self, path):
        return Path(path).as_uri()

    def resolve(self, reference, base):
        """The schema `reference` names from the file `base`, and the file it is in."""
        target, _, fragment = reference.partition("#")
        if target.startswith("file:"):
            path = Path(urllib.parse.unquote(urllib.parse.urlparse(target).path))
        else:
            path = (Path(base).parent / urllib.parse.unquote(target)).resolve() if target else Path(base)
        node = self.contents(path)
        for token in urllib.parse.unquote(fragment).split("/")[1:] if fragment else []:
            token = token.replace("~1", "/").replace("~0", "~")
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node, path

    def retrieve(self, uri):
        """For a `referencing.Registry`: the file at a `file:` URI."""
        from referencing import Resource
        from referencing.jsonschema import DRAFT202012
        path = urllib.parse.unquote(urllib.parse.urlparse(uri).path)
        return Resource.from_contents(self.contents(path), default_specification=DRAFT202012)
