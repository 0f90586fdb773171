# Sourced by the benchmarks that use the largest published descriptions: GitHub's REST API (1,078
# operations) and Stripe's (588), as openapi-spec-validator's source package holds them
# (tests/bench/specs), where Scripts/foreign-descriptions unpacked it or freshly downloaded.
#   large_description github|stripe DESTINATION.yaml
large_description() {
  local name=$1 destination=$2 found download
  [ -f "$destination" ] && return 0
  found=$(find "$root/.build/foreign/unpacked" -path "*tests/bench/specs/$name.yaml" 2>/dev/null | head -1 || true)
  if [ -z "$found" ]; then
    download="$(dirname "$destination")/download"
    python3 -m pip download --quiet --no-deps --no-binary :all: -d "$download" openapi-spec-validator==0.9.0 >/dev/null
    tar -xzf "$download"/openapi_spec_validator-*.tar.gz -C "$download"
    found=$(find "$download" -path "*tests/bench/specs/$name.yaml" | head -1)
  fi
  [ -n "$found" ] || { echo "error: $name.yaml is not in openapi-spec-validator 0.9.0's sources" >&2; return 1; }
  cp "$found" "$destination"
}
