# Sourced by Benchmarks/compile-against and Benchmarks/compile-beside-sog: times full recompiles
# of two targets of the package in the current directory, the two taking turns, and prints wall
# time and peak memory (the largest process) per round.
#   time_in_turns "debug release" ROUNDS TARGET_A LABEL_A TARGET_B LABEL_B
time_in_turns() {
  local configurations=$1 rounds=$2 first=$3 first_label=$4 second=$5 second_label=$6
  local configuration round order target label result
  for configuration in $configurations; do
    swift build -c "$configuration" >/dev/null
    for round in $(seq "$rounds"); do
      # Turns alternate, so that each side follows the other as often as it precedes it.
      order="$first $second"
      [ $((round % 2)) -eq 0 ] && order="$second $first"
      for target in $order; do
        rm -f ".build/$configuration/$target.build/"*.o ".build/$configuration/Modules/$target.swiftmodule"
        touch Sources/"$target"/*.swift
        result=$( { /usr/bin/time -f "%e s, %M KiB peak" swift build -c "$configuration" --target "$target" >/dev/null; } 2>&1 | tail -1)
        label=$first_label
        [ "$target" = "$second" ] && label=$second_label
        echo "$configuration, round $round, $label: $result"
      done
    done
  done
}
