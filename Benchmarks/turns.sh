# Sourced by Benchmarks/compile-against, compile-beside-sog and compile-beside-sog-built: times
# full recompiles of two targets of the package in the current directory, the two taking turns,
# and prints wall time and peak memory (the largest process) per round.
#   time_in_turns "debug release" ROUNDS TARGET_A LABEL_A TARGET_B LABEL_B
# Optional settings, in the environment:
#   WARM_TARGETS   the targets built before the rounds (default: the whole package); name the
#                  dependencies alone when a client may not build at all
#   TURN_TIMEOUT   seconds a turn may take; a turn that runs over, or fails (the compiler killed
#                  for want of memory, say), is reported as such and that side sits out the
#                  configuration's later rounds, which would only repeat it
#   SLOW_TURN      seconds past which a finished turn is that side's one figure: it sits out the
#                  later rounds too (a build of most of an hour is not noise-bound)
time_in_turns() {
  local configurations=$1 rounds=$2 first=$3 first_label=$4 second=$5 second_label=$6
  local configuration round order target label result status warm out_of_turns
  for configuration in $configurations; do
    if [ -n "${WARM_TARGETS:-}" ]; then
      for warm in $WARM_TARGETS; do swift build -c "$configuration" --target "$warm" >/dev/null; done
    else
      swift build -c "$configuration" >/dev/null
    fi
    out_of_turns=""
    for round in $(seq "$rounds"); do
      # Turns alternate, so that each side follows the other as often as it precedes it.
      order="$first $second"
      [ $((round % 2)) -eq 0 ] && order="$second $first"
      for target in $order; do
        label=$first_label
        [ "$target" = "$second" ] && label=$second_label
        case " $out_of_turns " in *" $target "*)
          echo "$configuration, round $round, $label: not run (an earlier round did not finish, or took over SLOW_TURN)"
          continue ;;
        esac
        rm -f ".build/$configuration/$target.build/"*.o ".build/$configuration/Modules/$target.swiftmodule"
        touch Sources/"$target"/*.swift
        status=0
        kills=$(oom_kills)
        watch_compilers "$target" &
        watcher=$!
        result=$( { /usr/bin/time -f "%e s, %M KiB peak" timeout --kill-after=30 "${TURN_TIMEOUT:-0}" \
          swift build -c "$configuration" --target "$target" >/dev/null; } 2>&1 | tail -1) || status=$?
        kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null || true
        if [ "$status" -ne 0 ]; then
          pkill -f "swift-frontend.*Sources/$target/" 2>/dev/null || true
          # /usr/bin/time cannot see the compiler of a build it stopped: the watcher saw it.
          result="${result%, * KiB peak}, $(cat "$watch_file") KiB peak seen in its compiler"
          out_of_turns="$out_of_turns $target"
          if [ "$status" -eq 124 ] || [ "$status" -eq 137 ] && [ "${TURN_TIMEOUT:-0}" != 0 ]; then
            result="did not finish within ${TURN_TIMEOUT} s ($result)"
          elif [ "$(oom_kills)" != "$kills" ]; then
            result="killed for want of memory ($result)"
          else
            result="failed with status $status ($result)"
          fi
        fi
        if [ "$status" -eq 0 ] && [ -n "${SLOW_TURN:-}" ] && [ "${result%%.*}" -gt "$SLOW_TURN" ]; then
          out_of_turns="$out_of_turns $target"
          result="$result; over ${SLOW_TURN} s, so its one round"
        fi
        echo "$configuration, round $round, $label: $result"
      done
    done
  done
  rm -f "$watch_file"
}

# How many processes the kernel has killed for want of memory since it started.
oom_kills() { awk '$1 == "oom_kill" { print $2 }' /proc/vmstat 2>/dev/null || echo 0; }

watch_file=$(mktemp)
# Until killed, writes to $watch_file the largest resident size (KiB) seen so far in a compiler
# process of TARGET, sampled every second.
watch_compilers() {
  local target=$1 largest=0 pid size
  echo 0 >"$watch_file"
  while true; do
    for pid in $(pgrep -f "swift-frontend.*Sources/$target/" 2>/dev/null); do
      size=$(awk '$1 == "VmRSS:" { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
      [ -n "$size" ] && [ "$size" -gt "$largest" ] && largest=$size && echo "$largest" >"$watch_file"
    done
    sleep 1
  done
}
