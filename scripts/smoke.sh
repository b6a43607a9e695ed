#!/usr/bin/env bash
# A smoke run of the built CLI under one runtime: `scripts/smoke.sh bun` or `scripts/smoke.sh
# /path/to/node`. init, add, list, rename and remove on a new server (no install), each checked by
# its exit status and what it leaves. CI runs it under Bun and under the oldest Node we support.
set -euo pipefail
runtime="$1"
bin="$(cd "$(dirname "$0")/.." && pwd)/bin/mcp-scaffold.js"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export MCP_SCAFFOLD_CACHE_DIR="$work/cache"
log="$work/log"
cli() { "$runtime" "$bin" "$@" 2>>"$log"; }
fail() { echo "smoke ($runtime): $*" >&2; cat "$log" >&2; exit 1; }

echo "smoke: $("$runtime" --version) ($runtime)"
cd "$work"
cli init demo --yes --no-install --no-git --framework-version 0.12.3 --json > init.json
grep -q '"ok":true' init.json || fail "init: $(cat init.json)"
cd demo
[ -f src/index.ts ] || fail 'init wrote no src/index.ts'
cli add tool demo_find_things --no-devcheck --yes --json > ../add.json
grep -q '"ok":true' ../add.json || fail "add: $(cat ../add.json)"
grep -q 'demoFindThingsTool' src/index.ts || fail 'add did not register the tool'
cli add tool demo_find_more --no-devcheck --yes > /dev/null
cli list --json > ../list.json
grep -q '"name":"demo_find_things"' ../list.json || fail "list: $(cat ../list.json)"
cli rename tool demo_find_more demo_find_others --no-devcheck --yes > /dev/null
grep -q 'demoFindOthersTool' src/index.ts || fail 'rename did not follow the registration'
cli remove tool demo_find_things --no-devcheck --yes > /dev/null
[ ! -f src/mcp-server/tools/definitions/demo-find-things.tool.ts ] || fail 'remove left the file'
if grep -q 'demoFindThingsTool' src/index.ts; then fail 'remove left the registration'; fi
cli list > /dev/null || fail 'list after remove'
echo "smoke ($runtime): init, add, list, rename, remove: ok"
