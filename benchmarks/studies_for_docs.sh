#!/usr/bin/env bash
# The figures of docs/studies.md: runs each study shown there (resuming any that was stopped) and puts
# its sentences and settings table between the markers <!-- figures: NAME --> and <!-- /figures: NAME -->.
# The reports stay in docs/studies/NAME/ (study.html, study.json, settings.csv); the games themselves
# (results.jsonl, games.csv, games.parquet) are left in studies-work/ so that a stopped run resumes.
#
#   benchmarks/studies_for_docs.sh                # every study (about an hour on two cores)
#   benchmarks/studies_for_docs.sh phoenicia-preset schatz-balance
#
# Environment: PG (the phoenixgames program, default .venv/bin/phoenixgames), GAMES (default 2000),
# WORKERS (default 2), CREDIT_RANGE (the range of the Syndicate's 4-player credit pool searched, default 30..70),
# SEARCH_GAMES (games a trial of the search, default 400).
set -euo pipefail
cd "$(dirname "$0")/.."
PG=${PG:-.venv/bin/phoenixgames}
GAMES=${GAMES:-2000}
WORKERS=${WORKERS:-2}
WORK=${WORK:-studies-work}
mkdir -p "$WORK" docs/studies

study() {  # NAME ARGS...: run one study into $WORK/NAME, then keep its report in docs/studies/NAME
    local name=$1
    shift
    local resume=()
    [ -s "$WORK/$name/results.jsonl" ] && resume=(--resume)
    "$PG" study "$@" --games "$GAMES" --seed 1 --workers "$WORKERS" --out "$WORK/$name" "${resume[@]}"
    mkdir -p "docs/studies/$name"
    cp "$WORK/$name/study.html" "$WORK/$name/study.json" "$WORK/$name/settings.csv" "docs/studies/$name/"
    .venv/bin/python - "$name" <<'PY'
import json, re, sys
from pathlib import Path

name = sys.argv[1]
data = json.loads(Path(f"docs/studies/{name}/study.json").read_text())
names = [v["name"] for v in data["varied"]]
rows, said = data["settings"], data["sentences"]
if "search" in data:  # a search: its five best trials, and its best played again (the last setting)
    scores = {t["trial"]: t["score"] for t in data["search"]["trials"]}
    best = sorted((r for r in rows if r["setting"] in scores), key=lambda r: scores[r["setting"]])[:5]
    rows, said = best + [r for r in rows if r["setting"] not in scores], said[-1:]
lines = [f"Made by `benchmarks/studies_for_docs.sh {name}`; report: [study.html](studies/{name}/study.html).", ""]
lines += [f"- {sentence}" for sentence in said]
lines += ["", "| players | " + " | ".join(names) + (" | " if names else "") + "games | first player wins | 95% interval | rounds | decisions | capped |"]
lines += ["|---:|" + "---|" * len(names) + "---:|---:|---|---:|---:|---:|"]
for row in rows:
    f = row["figures"]
    first = f["turn_positions"][0]
    mean = lambda k: f"{f['figures'][k]['mean']:.1f}" if k in f["figures"] else ""
    values = [str(row["values"][n]).lower() for n in names]
    lines.append(
        f"| {row['players']} | " + " | ".join(values) + (" | " if names else "")
        + f"{f['games']} | {100 * first['share']:.1f}% | {100 * first['ci95'][0]:.1f}-{100 * first['ci95'][1]:.1f}% | "
        f"{mean('rounds')} | {mean('decisions')} | {f['truncated']} |"
    )
if "search" in data and "confirmed" in data["search"]:
    best, confirmed = data["search"]["best"], data["search"]["confirmed"]
    values = ", ".join(f"{k}={v}" for k, v in best["values"].items())
    low, high = confirmed["ci95"]
    lines += ["", f"Best for `{data['search']['objective']}`: {values}; played again with fresh seeds over "
              f"{confirmed['games']} games: {confirmed['figure']:.4f} (95% interval {low:.4f} to {high:.4f})."]
doc = Path("docs/studies.md")
text = doc.read_text()
start, end = f"<!-- figures: {name} -->", f"<!-- /figures: {name} -->"
pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.DOTALL)
doc.write_text(pattern.sub(lambda _m: start + "\n" + "\n".join(lines) + "\n" + end, text))
print(f"written: the figures of {name} in {doc}")
PY
}

wanted=("$@")
[ ${#wanted[@]} -eq 0 ] && wanted=(phoenicia-preset schatz-balance phoenicia-vp-goal syndicate-credit-pool)
for name in "${wanted[@]}"; do
    case $name in
        phoenicia-preset)
            study "$name" phoenicia --players 3 --vary preset_cards=false,true --agents greedy
            # the report as a browser shows it (docs/screenshots/study-1280x800.png), where Chromium is here
            if command -v chromium >/dev/null; then
                chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,800 \
                    --screenshot=docs/screenshots/study-1280x800.png "file://$PWD/docs/studies/$name/study.html" 2>/dev/null
            fi ;;
        schatz-balance) study "$name" schatz --balance --agents greedy ;;
        phoenicia-vp-goal) study "$name" phoenicia --players 3 --vary vp_goal=28,32,36 --agents greedy ;;
        syndicate-credit-pool)
            GAMES=${SEARCH_GAMES:-400} study "$name" syndicate --players 4 --search "minimise seat_advantage" \
                --range "credit_pool_4p=${CREDIT_RANGE:-30..70}" \
                --trials 40 --agents greedy ;;
        *) echo "unknown study $name" >&2; exit 2 ;;
    esac
done
