#!/usr/bin/env bash
# Starts, or resumes, the two everyday trainings side by side in the background: one thread each, which on the
# 2-core CPU does 25 % more work per second than one 2-thread run (BENCHMARKS.md, "Everyday training").
# Run folders live outside the repository; a run that has a saved state resumes from it. Before a session ends,
# `pkill -TERM -f "transformer_demo train"` makes each run save its state after the step it is on and stop.
#   bash scripts/train_everyday.sh [RUNS_DIR (default /work/train-runs)] [DATA_DIR (default ../shared/data)]
# STAGE=2 to 10 runs a later stage instead (configs/everyday_*_cpu_stageN.json: 2, a source vocabulary of its own;
# 3, more pairs for days, months and numbers; 4, for clock times and ordinals; 5, en-de at a third of the learning
# rate, en-fr with ordinals in digits and dates in three English forms; 6, en-de with Multi30k at twice its weight,
# en-fr with clock times at the ordinals' weight; 7, en-de with the number pairs at twice their weight, en-fr at a
# third of the learning rate; 8, both with Tatoeba's own pairs at twice their weight, en-de on the seventh stage's
# data, en-fr with ordinals at weight 9; 9, en-de with clock times at twice their weight, en-fr at half the
# learning rate; 10, en-de alone, at half the learning rate, with Tatoeba's own pairs at 4): it starts from the
# shipped model, checkpoints/PAIR (committed, so it survives a new machine), and runs in RUNS_DIR/PAIR-stageN.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-/work/train-runs}"
data="$(cd "${2:-../shared/data}" && pwd)"
# glibc handing freed memory back to the OS after every step cost 56 s of system time per 120 steps here;
# keeping it mapped cuts that to about 4 s.
export MALLOC_MMAP_THRESHOLD_=1000000000 MALLOC_TRIM_THRESHOLD_=100000000000 MALLOC_TOP_PAD_=536870912
# The kernel's autogroups give every session (each shell of a tool, a terminal) an equal share of the CPU
# whatever its nice value: measured here, `nice -n 15` tests took 75 % of a core each and cut the trainings to
# 300 tokens/s from 1,000. Without autogroups, nice works across sessions (needs root; skipped otherwise).
if [ -w /proc/sys/kernel/sched_autogroup_enabled ]; then echo 0 > /proc/sys/kernel/sched_autogroup_enabled; fi
stage="${STAGE:-1}"
for pair in en-de en-fr; do
  if [ "$stage" != 1 ] && [ ! -f "configs/everyday_${pair/-/_}_cpu_stage$stage.json" ]; then
    echo "$pair: no stage $stage"; continue
  fi
  if [ "$stage" = 1 ]; then
    out="$runs/$pair" config="configs/everyday_${pair/-/_}_cpu.json" start=()
  else
    out="$runs/$pair-stage$stage" config="configs/everyday_${pair/-/_}_cpu_stage$stage.json" start=(--init-from "checkpoints/$pair")
  fi
  mkdir -p "$out"
  if [ -f "$out/last/trainer_state.json" ]; then
    start=(--resume)
  else
    start=(--config "$config" "${start[@]}")
  fi
  nohup python -m transformer_demo train "${start[@]}" --out "$out" --data-dir "$data" --quiet \
    >>"$out/stdout.log" 2>>"$out/stderr.log" &
  echo $! >"$out/pid"  # for whatever waits on the run
  echo "$pair: pid $! -> $out (${start[*]})"
done
