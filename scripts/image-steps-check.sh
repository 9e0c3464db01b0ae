#!/usr/bin/env bash
# `npm run image:steps`: shows that the steps of the Dockerfile work, on a machine without a
# container engine, by running them outside Docker under Node 24:
#
#   1. the build context: the repository's tracked files minus the .dockerignore patterns;
#   2. every stage of the Dockerfile, in order, each in its own directory standing for its root
#      file system: FROM, WORKDIR, COPY and RUN read from the Dockerfile itself, so this check
#      follows the Dockerfile when it changes instead of repeating it;
#   3. no development tool in the final stage's node_modules, and its size;
#   4. the final stage started with its CMD and ENV (a free PORT, DATA_DIR in the temporary
#      directory, so the embedded database): /readyz, the HEALTHCHECK command, the app's HTML at /,
#      JSON logs and a clean exit on SIGTERM; then `npm run admin:create` inside it (with the
#      server stopped, see create_admin), a second start and a sign-in as that admin.
#
# Everything happens under one temporary directory, removed on any exit with the server process.
# What it cannot show: the base image itself (Debian bookworm-slim with its Node and npm; here the
# machine's npm runs on Node 24), RUN lines acting on the base image's file system (listed in
# IMAGE_ONLY_RUN and printed as skipped), `USER node` (this runs as its caller; instead it checks
# that nothing is written into the app's directory) and Docker's layer cache.
set -euo pipefail
script_start=$EPOCHREALTIME

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PATH="$(bash "$repo/scripts/node-24.sh"):$PATH"
export PATH

work=$(mktemp -d "${TMPDIR:-/tmp}/curio-image-steps.XXXXXX")
context="$work/context"
server_pid=""

cleanup() {
  local status=$?
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in {1..50}; do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
  echo "image-steps: FAILED: $*" >&2
  exit 1
}

# ---- timing: every step prints its name and duration; the summary at the end lists them all ----

summary=()

seconds_since() {
  awk -v from="$1" -v to="$EPOCHREALTIME" 'BEGIN { printf "%.1f", to - from }'
}

step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  local start=$EPOCHREALTIME took
  "$@"
  took=$(seconds_since "$start")
  echo "    ($name: $took s)"
  summary+=("$(printf '%-40s %7s s' "$name" "$took")")
}

# ---- 1. the build context ----

# Which files: the work tree's tracked files as they are now (uncommitted edits included, so the
# check covers what is about to be committed; untracked files are left out, so nothing local such
# as data/, .env or a stray build can leak in), minus the .dockerignore patterns. Those follow
# Docker's rules: a pattern is anchored at the context's root, `**` spans directories, a pattern
# matching a directory excludes everything under it, `!` re-includes, the last match wins.
# shellcheck disable=SC2016 # JavaScript, not shell
dockerignore_filter='
import { readFileSync, lstatSync } from "node:fs";
import path from "node:path";
const [ignoreFile, root] = process.argv.slice(1);
const toRegExp = (pattern) => {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "*" && pattern[i + 1] === "*") {
      const slashAfter = pattern[i + 2] === "/";
      source += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[" && pattern.indexOf("]", i + 1) !== -1) {
      const end = pattern.indexOf("]", i + 1);
      source += "[" + pattern.slice(i + 1, end).replace(/^!/, "^") + "]";
      i = end;
    } else source += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp("^" + source + "$");
};
const rules = readFileSync(ignoreFile, "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"))
  .map((line) => {
    const negated = line.startsWith("!");
    const pattern = path.posix.normalize(negated ? line.slice(1).trim() : line).replace(/^\/+|\/+$/g, "");
    return { negated, regExp: toRegExp(pattern) };
  });
const matchesOrParentMatches = (regExp, file) => {
  const parts = file.split("/");
  for (let n = parts.length; n > 0; n--) if (regExp.test(parts.slice(0, n).join("/"))) return true;
  return false;
};
let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const kept = [];
  for (const file of input.split("\0")) {
    if (!file) continue;
    let excluded = false;
    for (const rule of rules) if (matchesOrParentMatches(rule.regExp, file)) excluded = !rule.negated;
    if (excluded) continue;
    // tracked but deleted in the work tree: not there, so not in the context
    try { lstatSync(path.join(root, file)); } catch { continue; }
    kept.push(file);
  }
  process.stdout.write(kept.map((file) => file + "\0").join(""));
});
'

build_context() {
  mkdir -p "$context"
  git -C "$repo" ls-files -z --cached |
    node --input-type=module -e "$dockerignore_filter" "$repo/.dockerignore" "$repo" >"$work/context-files"
  tar -C "$repo" --null --no-recursion -T "$work/context-files" -cf - | tar -C "$context" -xf -
  echo "    $(tr -cd '\0' <"$work/context-files" | wc -c) files, $(du -sh "$context" | cut -f1)"
  local leaked
  leaked=$(cd "$context" && find . \( -name node_modules -o -name dist -o -name .git -o -name '.env*' -o -name data \) -print -quit)
  [[ -z "$leaked" ]] || fail "the build context holds $leaked, which .dockerignore excludes"
}

# ---- 2. the Dockerfile, read into a plan: one instruction a line, tab-separated ----
#
#   <stage> FROM <base>            <stage> WORKDIR <path>        <stage> RUN <shell command>
#   <stage> COPY <from> <src ...> <dest>   (from: a stage, or "-" for the build context)
#   <stage> ENV <name> <value>     <stage> CMD <JSON array>      <stage> HEALTHCHECK <JSON array>
#   <stage> NOTE <instruction> <arguments>   (USER, VOLUME, EXPOSE, ...: not run outside Docker)
#
# Continuation lines are joined and comments dropped, as Docker does; ARG defaults are substituted.
# shellcheck disable=SC2016 # JavaScript, not shell
dockerfile_reader='
import { readFileSync } from "node:fs";
const lines = [];
let pending = "";
for (const raw of readFileSync(process.argv[1], "utf8").split("\n")) {
  const line = raw.trim();
  if (line.startsWith("#") || (!line && !pending)) continue;
  if (line.endsWith("\\")) pending += line.slice(0, -1).trim() + " ";
  else {
    lines.push(pending + line);
    pending = "";
  }
}
const args = {};
const substitute = (text) => text.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, a, b) => args[a ?? b] ?? whole);
const plan = [];
let stage = null;
const emit = (...fields) => {
  if (!stage) throw new Error(`${fields[0]} before the first FROM`);
  plan.push([stage, ...fields].join("\t"));
};
const execForm = (text) => {
  const parsed = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error(`not an exec-form array: ${text}`);
  return JSON.stringify(parsed);
};
lines.forEach((line, index) => {
  const [, keyword, rest] = line.match(/^(\S+)\s*(.*)$/);
  switch (keyword.toUpperCase()) {
    case "ARG": {
      const [name, value = ""] = rest.split("=");
      args[name] = value;
      break;
    }
    case "FROM": {
      const [, base, name] = substitute(rest).match(/^(\S+)(?:\s+AS\s+(\S+))?$/i);
      stage = name ?? `stage${index}`;
      emit("FROM", base);
      break;
    }
    case "WORKDIR":
      emit("WORKDIR", substitute(rest));
      break;
    case "COPY": {
      const words = rest.split(/\s+/);
      let from = "-";
      while (words[0].startsWith("--")) {
        const flag = words.shift();
        if (flag.startsWith("--from=")) from = flag.slice("--from=".length);
        else throw new Error(`COPY ${flag} is not emulated; teach scripts/image-steps-check.sh`);
      }
      if (words.some((word) => /[*?[]/.test(word))) throw new Error(`COPY with a wildcard is not emulated: ${line}`);
      emit("COPY", from, words.slice(0, -1).join(" "), words.at(-1));
      break;
    }
    case "RUN":
      emit("RUN", rest);
      break;
    case "ENV":
      for (const [, name, value] of rest.matchAll(/(\w+)=(\S*)/g)) emit("ENV", name, value);
      break;
    case "CMD":
      emit("CMD", execForm(rest));
      break;
    case "HEALTHCHECK":
      emit("HEALTHCHECK", execForm(rest.replace(/^(--\S+\s+)*CMD\s+/, "")));
      break;
    default:
      emit("NOTE", keyword.toUpperCase(), rest);
  }
});
console.log(plan.join("\n"));
'

# RUN lines that act on the base image's own file system, so cannot run outside a container,
# with what stands in for them here
declare -A IMAGE_ONLY_RUN=(
  ['mkdir -p /data && chown node:node /data']='DATA_DIR is a temporary directory here'
)

read_dockerfile() {
  node --input-type=module -e "$dockerfile_reader" "$repo/Dockerfile" >"$work/plan"
  mapfile -t stages < <(cut -f1 "$work/plan" | uniq)
  final_stage=${stages[-1]}
  echo "    stages: ${stages[*]}"
}

# Docker starts every build with an empty npm cache. This uses a private one too, so a stage's
# `npm cache clean --force` cleans only it; it is seeded from the user's cache (the immutable
# content hard-linked, the index copied) to spare the downloads. IMAGE_STEPS_COLD_CACHE=1 starts
# it empty, as Docker does.
prepare_npm_cache() {
  local own
  own=$(npm config get cache)
  export npm_config_cache="$work/npm-cache"
  mkdir -p "$npm_config_cache/_cacache"
  if [[ "${IMAGE_STEPS_COLD_CACHE:-0}" != 1 && -d "$own/_cacache/content-v2" ]]; then
    cp -al "$own/_cacache/content-v2" "$npm_config_cache/_cacache/" 2>/dev/null ||
      cp -a "$own/_cacache/content-v2" "$npm_config_cache/_cacache/"
    [[ ! -d "$own/_cacache/index-v5" ]] || cp -a "$own/_cacache/index-v5" "$npm_config_cache/_cacache/"
    echo "    seeded from $own"
  else
    echo "    empty"
  fi
}

# A stage's root file system lives in $work/stages/<stage>; an absolute path inside it is below that
stage_root() {
  echo "$work/stages/$1"
}

# COPY <src>... <dest>, relative to the build context or to another stage's root. A directory's
# contents are merged into the destination; files land inside a destination ending in / (or
# receiving several sources), else become the destination.
copy_into() {
  local root=$1 workdir=$2 from=$3 sources=$4 dest=$5
  # sources are relative to the build context, or with --from to the other stage's root
  local source_root="$context"
  if [[ "$from" != - ]]; then
    source_root=$(stage_root "$from")
    [[ -d "$source_root" ]] || fail "COPY --from=$from: no such stage built yet"
  fi
  [[ "$dest" == /* ]] || dest="$workdir/$dest"
  local target="$root$dest" list source path
  read -ra list <<<"$sources"
  for source in "${list[@]}"; do
    path="$source_root/${source#/}"
    [[ -e "$path" ]] || fail "COPY ${from/#-/context}:$source: not found"
    if [[ -d "$path" ]]; then
      mkdir -p "$target"
      cp -a "$path/." "$target/"
    elif [[ "$dest" == */ || ${#list[@]} -gt 1 ]]; then
      mkdir -p "$target"
      cp -p "$path" "$target/"
    else
      mkdir -p "$(dirname "$target")"
      cp -p "$path" "$target"
    fi
  done
}

# Runs one stage of the plan. FROM an earlier stage starts from a hard-linked copy of its root
# (cheap; the earlier stage is finished, so a file changed in place in both does no harm) and
# inherits its WORKDIR and ENV.
declare -A stage_workdir=() stage_env=() stage_cmd=() stage_healthcheck=()
image_env_from_dockerfile=()
image_cmd=""
image_healthcheck=""
run_stage() {
  local stage=$1 root workdir=/ kind a b c
  root=$(stage_root "$stage")
  while IFS=$'\t' read -r _ kind a b c; do
    case "$kind" in
      FROM)
        if [[ -n "${stage_workdir[$a]+set}" ]]; then
          echo "    FROM $a (the stage built above)"
          cp -al "$(stage_root "$a")" "$root"
          workdir=${stage_workdir[$a]}
          mapfile -t image_env_from_dockerfile < <(printf '%s' "${stage_env[$a]}")
          image_cmd=${stage_cmd[$a]}
          image_healthcheck=${stage_healthcheck[$a]}
        else
          echo "    FROM $a (the base image: an empty root here)"
          mkdir -p "$root"
          image_env_from_dockerfile=()
          image_cmd=""
          image_healthcheck=""
        fi
        ;;
      WORKDIR)
        [[ "$a" == /* ]] || a="$workdir/$a"
        workdir=$a
        mkdir -p "$root$workdir"
        ;;
      COPY)
        echo "    COPY ${a/#-/context}: $b -> $c"
        copy_into "$root" "$workdir" "$a" "$b" "$c"
        ;;
      RUN)
        if [[ -n "${IMAGE_ONLY_RUN[$a]+set}" ]]; then
          echo "    RUN $a: skipped (${IMAGE_ONLY_RUN[$a]})"
        elif [[ " $a" =~ [[:space:]]/ ]]; then
          fail "RUN $a: it names an absolute path, which outside a container is this machine's; add it to IMAGE_ONLY_RUN if it only prepares the image"
        else
          echo "    RUN $a"
          (cd "$root$workdir" && env "${image_env_from_dockerfile[@]}" sh -c "$a") || fail "stage $stage: RUN $a failed"
        fi
        ;;
      ENV) image_env_from_dockerfile+=("$a=$b") ;;
      CMD) image_cmd=$a ;;
      HEALTHCHECK) image_healthcheck=$a ;;
      NOTE) echo "    $a $b: not emulated" ;;
    esac
  done < <(awk -F'\t' -v stage="$stage" '$1 == stage' "$work/plan")
  stage_workdir[$stage]=$workdir
  stage_env[$stage]=$(printf '%s\n' "${image_env_from_dockerfile[@]}")
  stage_cmd[$stage]=$image_cmd
  stage_healthcheck[$stage]=$image_healthcheck
  app_dir="$root$workdir"
}

# ---- 3. what the final stage holds ----

DEV_ONLY=(tsx vitest vite typescript eslint playwright-core pino-pretty s3rver)

check_runtime_contents() {
  local found=() name hit
  for name in "${DEV_ONLY[@]}"; do
    while IFS= read -r hit; do found+=("${hit#"$app_dir"/}"); done < <(find "$app_dir" -type d -path "*/node_modules/$name" -prune -print)
  done
  ((${#found[@]} == 0)) || fail "development packages in the image: ${found[*]}"
  echo "    none of ${DEV_ONLY[*]}"
  runtime_size=$(du -sh "$app_dir" | cut -f1)
  modules_size=$(du -sh "$app_dir/node_modules" | cut -f1)
  echo "    app directory $runtime_size, of which node_modules $modules_size"
  local nested=()
  mapfile -t nested < <(find "$app_dir" -path "$app_dir/node_modules" -prune -o -type d -name node_modules -prune -print)
  ((${#nested[@]} == 0)) || echo "    also node_modules in workspaces: $(du -shc "${nested[@]}" | tail -n 1 | cut -f1) (${nested[*]#"$app_dir"/})"
}

# ---- 4. the final stage, started as the image starts ----

free_port() {
  node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });'
}

# The image's environment and nothing of the caller's (a DATABASE_URL there would change it all):
# PATH for node and npm, a HOME of its own like /home/node, the Dockerfile's ENV, then a free PORT
# and a temporary DATA_DIR. COOKIE_SECURE stays at its default: curl keeps no cookies anyway.
image_env=()
set_image_env() {
  server_port=$(free_port)
  mkdir -p "$work/data" "$work/home"
  image_env=(env -i PATH="$PATH" HOME="$work/home" "${image_env_from_dockerfile[@]}" PORT="$server_port" DATA_DIR="$work/data")
  echo "    ENV ${image_env_from_dockerfile[*]}; here PORT=$server_port DATA_DIR=$work/data"
}

# An exec-form array from the plan, as words
exec_form() {
  node -e 'for (const word of JSON.parse(process.argv[1])) process.stdout.write(word + "\0");' "$1"
}

url() {
  echo "http://127.0.0.1:$server_port$1"
}

show_server_output() {
  echo "---- server stdout (last 40 lines)" >&2
  tail -n 40 "$work/server.out" >&2 || true
  echo "---- server stderr (last 40 lines)" >&2
  tail -n 40 "$work/server.err" >&2 || true
}

start_server() {
  [[ -n "$image_cmd" ]] || fail "the final stage has no CMD"
  ((${#image_env[@]})) || set_image_env
  local cmd=()
  mapfile -d '' -t cmd < <(exec_form "$image_cmd")
  echo "    CMD ${cmd[*]} (in $app_dir)"
  [[ -e "$work/started" ]] || touch "$work/started"
  # exec, so $! is the server's own process, the one `docker stop` signals
  (cd "$app_dir" && exec "${image_env[@]}" "${cmd[@]}") >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  local deadline=$((SECONDS + 60)) code
  while :; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
      show_server_output
      fail "the server exited before /readyz answered"
    fi
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$(url /readyz)" || true)
    [[ "$code" != 200 ]] || break
    ((SECONDS < deadline)) || {
      show_server_output
      fail "/readyz did not answer 200 within 60 s (last: $code)"
    }
    sleep 0.2
  done
  idle_rss=$(awk '/^VmRSS:/ { printf "%.0f MB", $2 / 1024 }' "/proc/$server_pid/status")
  echo "    pid $server_pid on port $server_port: /readyz 200; idle RSS $idle_rss"
}

run_healthcheck() {
  [[ -n "$image_healthcheck" ]] || {
    echo "    the image has no HEALTHCHECK"
    return
  }
  local cmd=()
  mapfile -d '' -t cmd < <(exec_form "$image_healthcheck")
  (cd "$app_dir" && "${image_env[@]}" "${cmd[@]}") || fail "the HEALTHCHECK command failed"
  echo "    HEALTHCHECK command exited 0"
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

# pino writes JSON in production: every line on stdout must be one JSON object with a level and a message
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

admin_email=admin@example.com
admin_password=$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')

# `npm run admin:create -- ...` in the image's environment and WORKDIR, with the server stopped:
# without DATABASE_URL the database is the embedded one in DATA_DIR, which one process owns. Run
# beside the server (the README's `docker exec`, meant for PostgreSQL), it opens a second PGlite on
# the same files; the running server does not see the new admin until it restarts (its sign-in
# answers 401), and two instances writing one data directory is how a database gets corrupted.
create_admin() {
  [[ -z "$server_pid" ]] || fail "admin:create on the embedded database needs the server stopped"
  (cd "$app_dir" && "${image_env[@]}" npm run admin:create -- --email "$admin_email" --password "$admin_password")
}

sign_in() {
  local body="$work/sign-in.json" headers="$work/sign-in.headers" code
  code=$(curl -s -D "$headers" -o "$body" -w '%{http_code}' --max-time 10 \
    -H 'content-type: application/json' \
    --data "{\"json\":{\"email\":\"$admin_email\",\"password\":\"$admin_password\"}}" \
    "$(url /trpc/auth.signIn)")
  [[ "$code" == 200 ]] || fail "POST /trpc/auth.signIn answered $code: $(cat "$body")"
  grep -q '"isAdmin":true' "$body" || fail "signed in, but not as an admin: $(cat "$body")"
  grep -qi '^set-cookie: ' "$headers" || fail "signed in, but no session cookie was set"
  echo "    POST /trpc/auth.signIn 200, isAdmin true, session cookie set"
}

# `docker stop`: SIGTERM, the server drains and exits 0 (Docker's own grace period is 10 s)
stop_server() {
  local pid=$server_pid status=0 deadline=$((SECONDS + 20)) written
  kill -TERM "$pid"
  while kill -0 "$pid" 2>/dev/null; do
    ((SECONDS < deadline)) || {
      show_server_output
      fail "the server did not exit within 20 s of SIGTERM"
    }
    sleep 0.1
  done
  wait "$pid" || status=$?
  server_pid=""
  ((status == 0)) || {
    show_server_output
    fail "the server exited $status after SIGTERM"
  }
  echo "    exited 0 after SIGTERM"
  # the image runs as `node`, which cannot write into the app's directory: nothing may have been
  written=$(find "$app_dir" -newer "$work/started" -print | head -n 5)
  [[ -z "$written" ]] || fail "the server or admin:create wrote into the app's directory: ${written//$app_dir\//}"
  echo "    nothing written into the app's directory"
}

# ---- the run ----

echo "image-steps: node $(node --version), npm $(npm --version), in $work"
step "build context" build_context
step "read the Dockerfile" read_dockerfile
step "npm cache (private)" prepare_npm_cache
for stage in "${stages[@]}"; do
  step "stage $stage" run_stage "$stage"
done
step "contents of $final_stage" check_runtime_contents
step "start (CMD) until /readyz answers" start_server
first_start_rss=$idle_rss
step "HEALTHCHECK" run_healthcheck
step "GET /" check_home_page
step "JSON logs" check_json_logs
step "SIGTERM" stop_server
step "npm run admin:create (server stopped)" create_admin
step "start again until /readyz answers" start_server
step "sign in as that admin" sign_in
step "SIGTERM again" stop_server

echo
echo "image-steps: all steps passed"
printf '  %s\n' "${summary[@]}"
echo "  total $(seconds_since "$script_start") s; app directory $runtime_size (node_modules $modules_size); idle RSS after /readyz $first_start_rss (new database), $idle_rss (restart)"
