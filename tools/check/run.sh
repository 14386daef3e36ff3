#!/usr/bin/env bash
# `make check`: the quick loop between edits (target: under 2 minutes on 2 cores with warm caches).
# It tests what changed since a base, not everything; `make test` stays the full run.
#
# Base: CHECK_BASE if set; else where HEAD left origin/main (git merge-base) when that branch exists;
# else HEAD when the working tree has changes (what you are editing), else HEAD~1 (the last commit).
# Changed files: the diff of the working tree against the base plus untracked files.
#
# Go: the packages with a changed file, and every package whose tests import one of them, run
# `go test -short` (no -race: make test has it; -short skips the image build, the Helm rendering and
# the whole-stack tests); go vet and staticcheck run over the changed packages. A change outside the
# Go modules (vectors, frontend, charts) also runs the Go tests that read such files.
# Frontend: with a change under frontend/ or in the workspace's configuration, tsc over the frontend
# (incremental), jest of the Nx projects the changed files affect, ESLint of the changed files.
set -euo pipefail
cd "$(dirname "$0")/../.."
export GOTOOLCHAIN=${GOTOOLCHAIN:-local} GOFLAGS=${GOFLAGS:--buildvcs=false -trimpath} NX_NO_CLOUD=true NX_DAEMON=false
# The Makefile's GO_MODULES, the one list of the workspace's modules (run through `make check`).
modules=${GO_MODULES:?GO_MODULES is not set: run this through make check}
start=$(date +%s)
# lap prints the seconds since the last lap (or the start) after a phase.
last=$start
lap() { local now; now=$(date +%s); echo "check: $1 took $((now - last))s"; last=$now; }

if [ -n "${CHECK_BASE:-}" ]; then
  base=$CHECK_BASE
elif git rev-parse -q --verify origin/main >/dev/null; then
  base=$(git merge-base HEAD origin/main)
elif [ -n "$(git status --porcelain)" ]; then
  base=HEAD
else
  base=HEAD~1
fi
mapfile -t changed < <({ git diff --name-only "$base" --; git ls-files --others --exclude-standard; } | sort -u)
echo "check: ${#changed[@]} files changed against $(git rev-parse --short "$base") ($base)"
[ ${#changed[@]} -gt 0 ] || { echo "check: nothing changed"; exit 0; }

# module_of prints the Go module (of $modules, the longest match) holding path, or nothing.
module_of() {
  local best="" m
  for m in $modules; do
    case "$1" in "$m"/*) [ ${#m} -gt ${#best} ] && best=$m ;; esac
  done
  echo "$best"
}

# ---- Go
declare -A pkgdirs=()
outside=false
for f in "${changed[@]}"; do
  m=$(module_of "$f")
  if [ -z "$m" ]; then
    case "$f" in *.md | docs/*) ;; *) outside=true ;; esac
    continue
  fi
  case "$f" in
    */go.mod | */go.sum) pkgdirs["./$m/..."]=1; continue ;;
  esac
  # The package of a changed file: its folder, or the nearest folder above it with Go files (a
  # changed testdata or embedded seed file belongs to the package that reads it).
  d=$(dirname "$f")
  while [ "$d" != "$m" ] && [ "$d" != . ] && ! compgen -G "$d/*.go" >/dev/null; do d=$(dirname "$d"); done
  compgen -G "$d/*.go" >/dev/null && pkgdirs["./$d"]=1
done
if $outside; then
  # The Go tests reading files outside their module (libs/go/platform/testrun; libs/go/testvectors
  # reads the shared vectors for them).
  while IFS= read -r f; do pkgdirs["./$(dirname "$f")"]=1; done < <(
    git grep -l -e 'testrun.Outside()' -e 'HOSTCART_TEST_RUN' -e 'testvectors\.' -- '*_test.go')
fi

if [ ${#pkgdirs[@]} -gt 0 ]; then
  mapfile -t changedpkgs < <(go list -e -f '{{.ImportPath}}' "${!pkgdirs[@]}" 2>/dev/null | sort -u)
  # Every package of the workspace whose test binary depends on a changed package.
  patterns=()
  for m in $modules; do patterns+=("./$m/..."); done
  mapfile -t testpkgs < <(go list -e -test -f '{{.ImportPath}}|{{join .Deps " "}}' "${patterns[@]}" |
    awk -F'|' -v changed="${changedpkgs[*]}" '
      BEGIN { n = split(changed, c, " "); for (i = 1; i <= n; i++) want[c[i]] = 1 }
      $1 ~ /\.test$/ {
        pkg = substr($1, 1, length($1) - 5)
        if (pkg in want) { print pkg; next }
        m = split($2, deps, " ")
        for (i = 1; i <= m; i++) { d = deps[i]; sub(/ .*/, "", d); if (d in want) { print pkg; next } }
      }' | sort -u)
  echo "check: go vet + staticcheck of ${#changedpkgs[@]} changed packages"
  go vet "${changedpkgs[@]}"
  bin/staticcheck "${changedpkgs[@]}"
  lap "go vet + staticcheck"
  if [ ${#testpkgs[@]} -gt 0 ]; then
    echo "check: go test -short of ${#testpkgs[@]} packages (the changed ones and those whose tests import them)"
    go test -short "${testpkgs[@]}"
    lap "go test -short"
  fi
else
  echo "check: no Go package changed"
fi

# ---- Frontend
web=()
webconf=()
webconfig=false
for f in "${changed[@]}"; do
  case "$f" in
    frontend/*) web+=("$f") ;;
    package.json | package-lock.json | nx.json | tsconfig.base.json | jest.preset.js | jest.config.ts | eslint.config.mjs)
      webconfig=true
      webconf+=("$f")
      ;;
  esac
done
if [ ${#web[@]} -gt 0 ] || $webconfig; then
  echo "check: tsc over the frontend"
  mkdir -p node_modules/.cache/hostcart-check
  npx tsc -p frontend/tsconfig.typecheck.json --incremental --tsBuildInfoFile node_modules/.cache/hostcart-check/typecheck.tsbuildinfo
  lap "tsc"
  files=$(printf '%s,' "${web[@]}" "${webconf[@]}")
  echo "check: jest of the affected Nx projects"
  npx nx affected -t test --files="${files%,}" --outputStyle=stream --parallel=2 -- --ci
  lap "jest"
  lint=()
  for f in "${web[@]}"; do
    case "$f" in *.ts | *.tsx | *.js | *.jsx | *.mjs | *.cjs) [ -f "$f" ] && lint+=("$f") ;; esac
  done
  if $webconfig; then lint=(frontend); fi
  if [ ${#lint[@]} -gt 0 ]; then
    echo "check: eslint of ${#lint[@]} changed files"
    # The boundary rule reads Nx's cached project graph (see lint-web in the Makefile): nx affected
    # above has just written it (writing it again with `nx show projects` costs half a minute).
    npx eslint --flag v10_config_lookup_from_file --max-warnings=0 --no-warn-ignored "${lint[@]}"
    lap "eslint"
  fi
else
  echo "check: no frontend file changed"
fi
echo "check: passed in $(($(date +%s) - start))s"
