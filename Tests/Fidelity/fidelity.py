"""The fidelity check of an imported client: do its types carry what the description allows?

    fidelity.py ROOT HARNESS --schemas FILE [--instances N] [--seed S]

FILE lists the schemas the import gave a type (`file:` URLs with a JSON pointer into the
description at ROOT or a file it refers to). For each, makes up to N random values that a JSON
Schema validator accepts, has HARNESS (a program built from the generated client) decode each
as the schema's generated type and encode it again, validates what comes back and compares it
with what went in. Prints a JSON report on standard output.

HARNESS reads lines `index<TAB>json` (the schema's index in FILE) and answers each with
`ok<TAB>json` or `error<TAB>message`.
"""

import argparse
import datetime
import json
import subprocess
import sys
import urllib.parse
from collections import Counter

from jsonschema import Draft202012Validator
from referencing import Registry

from documents import BESIDE_REF_DEFAULT, Description
from instances import Generator, Unsatisfiable

ATTEMPTS = 30


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("root")
    parser.add_argument("harness")
    parser.add_argument("--schemas", required=True)
    parser.add_argument("--instances", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    description = Description(arguments.root)
    registry = Registry(retrieve=description.retrieve)
    generator = Generator(description, arguments.seed)
    report = {"schemas": 0, "schemasWithInstances": 0, "instances": 0, "decoded": 0, "validAfter": 0,
              "identical": 0, "normalised": Counter(), "lost": Counter(), "notGenerated": Counter(), "examples": [],
              "lostBySchema": Counter()}
    cases = []
    validators = {}
    with open(arguments.schemas) as file:
        schemas = json.load(file)
    for name, uri in enumerate(schemas):
        report["schemas"] += 1
        validator = Draft202012Validator({"$ref": uri}, registry=registry)
        validators[name] = validator
        made = 0
        reason = None
        try:
            description.resolve(uri, description.root)
        except (KeyError, IndexError, TypeError, OSError):
            report["notGenerated"]["no schema at its place in the description as written"] += 1
            continue
        for _ in range(arguments.instances):
            for _ in range(ATTEMPTS):
                try:
                    value = generator.value({"$ref": uri}, description.root, 0)
                except (Unsatisfiable, RecursionError) as error:
                    reason = "unsatisfiable: " + str(error)[:60]
                    continue
                try:
                    if validator.is_valid(value):
                        cases.append((name, value))
                        made += 1
                        break
                    reason = "refused by the validator"
                except Exception as error:  # a schema the validator cannot read
                    reason = "validator: " + type(error).__name__
                    break
            if reason and reason.startswith("validator"):
                break
        if made:
            report["schemasWithInstances"] += 1
        else:
            report["notGenerated"][reason or "no attempt"] += 1
    answers = run_harness(arguments.harness, cases)
    for (name, value), answer in zip(cases, answers):
        report["instances"] += 1
        status, _, text = answer.partition("\t")
        if status != "ok":
            example(report, place(schemas[name]), "not decoded", "", value, text)
            report["lost"]["not decoded"] += 1
            report["lostBySchema"][place(schemas[name])] += 1
            continue
        report["decoded"] += 1
        wrapped = json.loads(text)
        output = wrapped.get("value")
        if validators[name].is_valid(output):
            report["validAfter"] += 1
        else:
            error = next(iter(validators[name].iter_errors(output)))
            example(report, place(schemas[name]), "invalid after re-encoding", "/".join(map(str, error.absolute_path)), value, output, error.message[:200])
            report["lost"]["invalid after re-encoding"] += 1
            report["lostBySchema"][place(schemas[name])] += 1
        schema = Schema(description, {"$ref": schemas[name]}, description.root)
        differences = list(compare(value, output, "", schema, "value" in wrapped))
        if not differences:
            report["identical"] += 1
        for kind, path, before, after, lossy in differences:
            (report["lost"] if lossy else report["normalised"])[kind] += 1
            if lossy:
                example(report, place(schemas[name]), kind, path, before, after)
                report["lostBySchema"][place(schemas[name])] += 1
    for key in ("normalised", "lost", "notGenerated"):
        report[key] = dict(sorted(report[key].items()))
    # Where the losses are, the schemas that lose most first: what to look at next.
    report["lostBySchema"] = dict(report["lostBySchema"].most_common(25))
    json.dump(report, sys.stdout, indent=1, ensure_ascii=False, default=str)
    print()


def run_harness(harness, cases):
    lines = "".join(f"{name}\t{json.dumps(value, ensure_ascii=False)}\n" for name, value in cases)
    result = subprocess.run([harness], input=lines.encode(), capture_output=True, timeout=600)
    if result.returncode != 0:
        sys.exit(f"the harness failed ({result.returncode}): {result.stderr.decode()[-2000:]}")
    answers = result.stdout.decode().split("\n")[:-1]
    if len(answers) != len(cases):
        sys.exit(f"the harness answered {len(answers)} of {len(cases)} values")
    return answers


def place(uri):
    """A schema's file name and pointer, for people."""
    file, _, pointer = uri.partition("#")
    return urllib.parse.unquote(file.rsplit("/", 1)[-1]) + "#" + urllib.parse.unquote(pointer)


def example(report, schema, kind, path, before, after, detail=None):
    shown = sum(1 for entry in report["examples"] if entry["kind"] == kind and entry.get("detail", "")[:40] == (detail or "")[:40])
    if shown < 3 and len(report["examples"]) < 40:
        entry = {"schema": schema, "kind": kind, "at": path, "in": clip(before), "out": clip(after)}
        if detail:
            entry["detail"] = detail
        report["examples"].append(entry)


def clip(value):
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) < 300 else text[:300] + "…"


_MISSING = object()


class Schema:
    """A schema and the file it is in, for finding what a key or an item of a value is."""

    def __init__(self, description, node, base):
        self.description = description
        # A `default` beside a `$ref` applies (OpenAPI 3.1, JSON Schema 2020-12; Mistral writes
        # `action: {$ref: ModerationLLMAction, default: none}`), so it is kept.
        default = node.get("default", node.get(BESIDE_REF_DEFAULT, _MISSING)) if isinstance(node, dict) and "$ref" in node else _MISSING
        while isinstance(node, dict) and "$ref" in node:
            node, base = description.resolve(node["$ref"], base)
        self.node = node if isinstance(node, dict) else {}
        if default is not _MISSING and "default" not in self.node:
            self.node = {**self.node, "default": default}
        self.base = base

    def member(self, key, depth=0):
        """The schema of the property `key`, looked for through `allOf`, `oneOf` and `anyOf`:
        of every part and variant that has it (Mistral's input and output entries each have
        `content`, of different chunks)."""
        found = []
        if key in (self.node.get("properties") or {}):
            found.append(Schema(self.description, self.node["properties"][key], self.base))
        if depth < 8:
            for list_key in ("allOf", "oneOf", "anyOf"):
                for part in self.node.get(list_key) or []:
                    member = Schema(self.description, part, self.base).member(key, depth + 1)
                    if member:
                        found.append(member)
        extra = self.node.get("additionalProperties")
        if not found and isinstance(extra, dict) and depth == 0:
            return Schema(self.description, extra, self.base)
        return None if not found else found[0] if len(found) == 1 else EitherSchema(found)

    def defaults(self, key, depth=0):
        """Every default the property `key` has, in this schema and in each of its `allOf`,
        `oneOf` and `anyOf` parts: a union's variants may each give their own."""
        found = []
        if key in (self.node.get("properties") or {}):
            member = Schema(self.description, self.node["properties"][key], self.base)
            if "default" in member.node:
                found.append(member.node["default"])
        if depth < 8:
            for list_key in ("allOf", "oneOf", "anyOf"):
                for part in self.node.get(list_key) or []:
                    found += Schema(self.description, part, self.base).defaults(key, depth + 1)
        return found

    def items(self, depth=0):
        """The schema of the items of an array: of every variant's, for a union of arrays
        (GitHub's starred repositories, `anyOf` of two kinds of list)."""
        if isinstance(self.node.get("items"), dict):
            return Schema(self.description, self.node["items"], self.base)
        found = []
        if depth < 8:
            for list_key in ("allOf", "oneOf", "anyOf"):
                for part in self.node.get(list_key) or []:
                    items = Schema(self.description, part, self.base).items(depth + 1)
                    if items:
                        found.append(items)
        return None if not found else found[0] if len(found) == 1 else EitherSchema(found)


class EitherSchema:
    """Several schemas a value may meet (the items of a union of arrays), looked through in turn."""

    def __init__(self, schemas):
        self.schemas = schemas

    def member(self, key, depth=0):
        found = [member for schema in self.schemas if (member := schema.member(key, depth))]
        return None if not found else found[0] if len(found) == 1 else EitherSchema(found)

    def defaults(self, key, depth=0):
        return [default for schema in self.schemas for default in schema.defaults(key, depth)]

    def items(self, depth=0):
        found = [items for schema in self.schemas if (items := schema.items(depth))]
        return None if not found else found[0] if len(found) == 1 else EitherSchema(found)


def compare(before, after, path, schema, present=True):
    """The differences between a value and its round trip: (kind, path, before, after, lossy)."""
    if not present:
        if before is not None:
            yield "value dropped", path, before, None, True
        else:
            yield "null written as an absent key", path, before, None, False
        return
    if isinstance(before, dict) and isinstance(after, dict):
        for key, value in before.items():
            if key not in after:
                if value is None:
                    yield "null written as an absent key", f"{path}/{key}", value, None, False
                else:
                    yield "key dropped", f"{path}/{key}", value, None, True
            else:
                yield from compare(value, after[key], f"{path}/{key}", schema and schema.member(key))
        for key in after:
            if key not in before:
                if schema and any(same_value(default, after[key]) for default in schema.defaults(key)):
                    yield "absent key written with its default", f"{path}/{key}", None, after[key], False
                elif after[key] is None:
                    yield "absent key written as null", f"{path}/{key}", None, None, False
                else:
                    yield "key added", f"{path}/{key}", None, after[key], True
        return
    if isinstance(before, list) and isinstance(after, list):
        if len(before) != len(after):
            yield "array changed length", path, before, after, True
            return
        items = schema and schema.items()
        for index, (left, right) in enumerate(zip(before, after)):
            yield from compare(left, right, f"{path}/{index}", items)
        return
    if same_scalar(before, after):
        return
    if isinstance(before, str) and isinstance(after, str) and same_instant(before, after):
        yield "date-time written in UTC", path, before, after, False
        return
    yield "value changed", path, before, after, True


def same_value(left, right):
    return not list(compare(left, right, "", None))


def same_scalar(left, right):
    if isinstance(left, bool) or isinstance(right, bool):
        return type(left) is type(right) and left == right
    if isinstance(left, (int, float)) and isinstance(right, (int, float)):
        return left == right
    return type(left) is type(right) and left == right


def same_instant(left, right):
    try:
        return parse_instant(left) == parse_instant(right)
    except ValueError:
        return False


def parse_instant(text):
    value = datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
    if value.tzinfo is None:
        raise ValueError("no zone")
    return value


if __name__ == "__main__":
    main()
