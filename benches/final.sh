#!/usr/bin/env bash
# Times `hog final` under each preset whose rules hide state, with 1, 2,
# 4, 8 and 16 threads (those the machine has; RAYON_NUM_THREADS), from a
# prebuilt binary: no build, no network. Prints one Markdown table: wall
# and CPU seconds (user + system, GNU time), peak memory, the file's exact
# win rate (the same on every row of a preset: the search does not depend
# on the thread count), the bound no final_strategy passes, and the gap.
#
#     cargo build --release --locked
#     benches/final.sh [HOG] [RUNS]          # HOG: target/release/hog, RUNS: 1
#     GOAL=1000 PRESETS=fa16 benches/final.sh
#     EFFORT=64 THREADS=2 benches/final.sh   # --effort 64, two threads only
#
# Each row is the fastest of RUNS runs. Run it on an idle machine: other
# work on the cores shows as wall time.
set -euo pipefail

hog=${1:-target/release/hog}
runs=${2:-1}
presets=${PRESETS:-fa16 su17 fa19 sp20 su20}
goal=${GOAL:-100}
threads_list=${THREADS:-1 2 4 8 16}
effort=${EFFORT:+--effort $EFFORT}
cores=$(nproc)
[ -x "$hog" ] || { echo "error: $hog: no such binary (cargo build --release --locked)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time (GNU time) is needed" >&2; exit 2; }

echo "hog final --goal $goal on $(uname -n): $cores cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| preset | threads | wall s | CPU s | CPU / wall | peak MB | win rate | bound | gap |"
echo "|---|---|---|---|---|---|---|---|---|"
for preset in $presets; do
    for threads in $threads_list; do
        [ "$threads" -le "$cores" ] || continue
        best=""
        for _ in $(seq "$runs"); do
            out=$(mktemp)
            RAYON_NUM_THREADS=$threads /usr/bin/time -f '%e %U %S %M' -o "$out.time" \
                "$hog" final --rules "$preset" --goal "$goal" $effort --json > "$out"
            read -r wall user sys kb < "$out.time"
            rate=$(sed 's/.*"win_rate":\([0-9.e-]*\).*/\1/' "$out")
            bound=$(sed 's/.*"bound":\([0-9.e-]*\).*/\1/' "$out")
            rm -f "$out" "$out.time"
            if [ -z "$best" ] || awk "BEGIN { exit !($wall < ${best%% *}) }"; then
                best="$wall $user $sys $kb $rate $bound"
            fi
        done
        read -r wall user sys kb rate bound <<< "$best"
        awk -v p="$preset" -v t="$threads" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kb" -v r="$rate" -v b="$bound" \
            'BEGIN { printf "| %s | %d | %.2f | %.2f | %.2f | %.0f | %.7f | %.7f | %.4f |\n", p, t, w, u + s, (u + s) / w, k / 1024, r, b, b - r }'
    done
done
