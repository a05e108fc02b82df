"""Validates a JSON document against the subset of JSON Schema that
docs/report.schema.json uses (type, enum, required, properties,
additionalProperties, items, minimum, $ref to #/$defs), and optionally
checks figures: validate.py SCHEMA REPORT [PATH OP VALUE]...

PATH is a dotted path into the report (list indices as numbers); OP is
`=` (equal), `~N%` (within N percent of VALUE) or `>`/`<`."""
import json
import sys

TYPES = {
    "object": dict, "array": list, "string": str, "null": type(None),
    "boolean": bool, "integer": int, "number": (int, float),
}


def check(schema, value, root, where):
    if "$ref" in schema:
        schema = root["$defs"][schema["$ref"].split("/")[-1]]
    if "enum" in schema and value not in schema["enum"]:
        fail(where, f"{value!r} is not one of {schema['enum']}")
    if "type" in schema:
        kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        ok = any(isinstance(value, TYPES[k]) and not (k in ("integer", "number") and isinstance(value, bool))
                 for k in kinds)
        if not ok:
            fail(where, f"{value!r} is not of type {kinds}")
    if "minimum" in schema and isinstance(value, (int, float)) and value < schema["minimum"]:
        fail(where, f"{value} is below {schema['minimum']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                fail(where, f"no '{key}'")
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                check(properties[key], item, root, f"{where}.{key}")
            elif schema.get("additionalProperties") is False:
                fail(where, f"unexpected '{key}'")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            check(schema["items"], item, root, f"{where}[{i}]")


def fail(where, message):
    sys.exit(f"{where or '$'}: {message}")


def at(document, path):
    for part in path.split("."):
        document = document[int(part)] if isinstance(document, list) else document[part]
    return document


schema = json.load(open(sys.argv[1], encoding="utf-8"))
report = json.load(open(sys.argv[2], encoding="utf-8"))
check(schema, report, schema, "")
args = sys.argv[3:]
for path, op, expected in zip(args[0::3], args[1::3], args[2::3]):
    value = at(report, path)
    if op == "=":
        ok = str(value) == expected
    elif op.startswith("~"):
        bound = float(op[1:].rstrip("%")) / 100
        ok = abs(float(value) - float(expected)) <= bound * float(expected)
    elif op == ">":
        ok = float(value) > float(expected)
    else:
        ok = float(value) < float(expected)
    if not ok:
        sys.exit(f"{path} = {value}, expected {op} {expected}")
    print(f"{path} = {value} ({op} {expected})")
print("valid")
