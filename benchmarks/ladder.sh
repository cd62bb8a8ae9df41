#!/usr/bin/env bash
# The strength ladder of docs/strength.md: duplicate arenas per game, JSON reports into DIR.
#   benchmarks/ladder.sh DIR [STEP...]     steps: random strong expert (default: all three)
# Every match's record is kept in DIR/NAME.records; run the script again to finish a stopped run.
set -euo pipefail
out=${1:-ladder}; shift || true
steps=${*:-random strong expert}
mkdir -p "$out"
run() {  # name, arena arguments...
    local name=$1; shift
    echo "== $name: parlor arena $*" >&2
    parlor arena "$@" --save "$out/$name.records" --json > "$out/$name.json"
}
for step in $steps; do
    case $step in
    random)
        run yokir-rules-random yokir --bots rules,random --matches 40 --seed 2024 --workers 2
        run joker-rules-random joker --bots rules,random --matches 20 --seed 2024 --workers 2
        run tor-rules-random tor --bots rules,random --matches 40 --seed 2024 --workers 2
        run meri-rules-random meri --bots rules,random --matches 20 --seed 2024 --workers 2 ;;
    strong)
        run joker-strong-rules joker --bots strong,rules --matches 20 --seed 2024 --workers 2
        run meri-strong-rules meri --bots strong,rules --matches 12 --seed 2024 --workers 2
        run yokir-strong-rules yokir --bots strong,rules --matches 60 --seed 2024 --workers 2
        # one strong seat against three rules seats, in matches of the default 12 deals
        run tor-strong-rules tor --bots strong,rules,rules,rules --matches 16 --seed 2024 --workers 2
        run tor-strong-rules-seed2025 tor --bots strong,rules,rules,rules --matches 16 --seed 2025 --workers 2 ;;
    expert)
        # expert thinks in two processes in an arena of one process; under --workers, in its worker
        # a -seedS run adds other deal sets to the same row (ladder_table.py pools them)
        run joker-expert-strong joker --bots expert,strong --matches 16 --seed 2024 -o length=short12 --workers 2
        run joker-expert-strong-seed2025 joker --bots expert,strong --matches 16 --seed 2025 -o length=short12 --workers 2
        run joker-expert-strong-seed2026 joker --bots expert,strong --matches 16 --seed 2026 -o length=short12 --workers 2
        run joker-expert-strong-seed2027 joker --bots expert,strong --matches 16 --seed 2027 -o length=short12 --workers 2
        run yokir-expert-strong yokir --bots expert,strong,strong --matches 24 --seed 2024 --workers 2
        run yokir-expert-strong-seed2025 yokir --bots expert,strong,strong --matches 24 --seed 2025 --workers 2
        run yokir-expert-strong-seed2026 yokir --bots expert,strong,strong --matches 24 --seed 2026 --workers 2
        run yokir-expert-strong-seed2027 yokir --bots expert,strong,strong --matches 24 --seed 2027 --workers 2
        run yokir-expert-strong-seed2028 yokir --bots expert,strong,strong --matches 24 --seed 2028 --workers 2
        run meri-expert-strong meri --bots expert,strong --matches 24 --seed 2024 -o num_deals=2 --workers 2
        run meri-expert-strong-seed2025 meri --bots expert,strong --matches 24 --seed 2025 -o num_deals=2 --workers 2
        # two expert seats against two strong, in matches of the default 12 deals
        run tor-expert-strong tor --bots expert,strong --matches 96 --seed 2053 --workers 2 ;;
    esac
done
