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
# SEARCH_GAMES (games a trial of the search, and of its best played again, default 200), SEARCH_TRIALS (default 16),
# CHECK_GAMES (games a setting of syndicate-credit-pool-check, default 1000), PY (the Python that writes the figures into the docs, default .venv/bin/python).
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
    "${PY:-.venv/bin/python}" - "$name" <<'PY'
import json, re, sys
from phoenixgames.sim.search import Objective
from pathlib import Path

name = sys.argv[1]
data = json.loads(Path(f"docs/studies/{name}/study.json").read_text())
names = [v["name"] for v in data["varied"]]
rows, said = data["settings"], data["sentences"]
search = "search" in data
if search:  # a search: its five best settings (a setting tried again once), and its best played again (the last)
    scores = {t["trial"]: t["score"] for t in data["search"]["trials"]}
    tried, seen = sorted((r for r in rows if r["setting"] in scores), key=lambda r: scores[r["setting"]]), set()
    best = [r for r in tried if not (str(r["values"]) in seen or seen.add(str(r["values"])))][:5]
    rows, said = best + [r for r in rows if r["setting"] not in scores], said[-1:]
    names = ["trial"] + names
lines = [f"Made by `benchmarks/studies_for_docs.sh {name}`; report: [study.html](studies/{name}/study.html).", ""]
lines += [f"- {sentence}" for sentence in said]
heads = names + (["seat advantage (position)"] if search else [])
lines += ["", "| players | " + " | ".join(heads) + (" | " if heads else "") + "games | first player wins | 95% interval | rounds | decisions | capped |"]
lines += ["|---:|" + "---|" * len(heads) + "---:|---:|---|---:|---:|---:|"]
for row in rows:
    f = row["figures"]
    first = f["turn_positions"][0]
    mean = lambda k: f"{f['figures'][k]['mean']:.1f}" if k in f["figures"] else ""
    values = [str(row["values"][n]).lower() for n in names if n != "trial"]
    if search:
        advantage = f["seat_advantage"]
        values = [str(row["setting"]) if row["setting"] in scores else "again"] + values
        values[-1] += f" | {100 * advantage['value']:+.1f}% ({advantage['position']})"
    lines.append(
        f"| {row['players']} | " + " | ".join(values) + (" | " if names else "")
        + f"{f['games']} | {100 * first['share']:.1f}% | {100 * first['ci95'][0]:.1f}-{100 * first['ci95'][1]:.1f}% | "
        f"{mean('rounds')} | {mean('decisions')} | {f['truncated']} |"
    )
if "search" in data and "confirmed" in data["search"]:
    best, confirmed = data["search"]["best"], data["search"]["confirmed"]
    values = ", ".join(f"{k}={v}" for k, v in best["values"].items())
    shown = Objective.parse(data["search"]["objective"]).shown(confirmed["figure"], confirmed["ci95"])
    lines += ["", f"Best for `{data['search']['objective']}`: {values}; played again with fresh seeds over "
              f"{confirmed['games']} games: {shown}."]
doc = Path("docs/studies.md")
text = doc.read_text()
start, end = f"<!-- figures: {name} -->", f"<!-- /figures: {name} -->"
pattern = re.compile(re.escape(start) + ".*?" + re.escape(end), re.DOTALL)
doc.write_text(pattern.sub(lambda _m: start + "\n" + "\n".join(lines) + "\n" + end, text))
print(f"written: the figures of {name} in {doc}")
PY
}

wanted=("$@")
[ ${#wanted[@]} -eq 0 ] && wanted=(phoenicia-preset schatz-balance phoenicia-vp-goal syndicate-credit-pool syndicate-credit-pool-check)
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
            GAMES=${SEARCH_GAMES:-200} study "$name" syndicate --players 4 --search "minimise seat_advantage" \
                --range "credit_pool_4p=${CREDIT_RANGE:-30..70}" \
                --trials "${SEARCH_TRIALS:-16}" --agents greedy ;;
        syndicate-credit-pool-check)  # the search's best (59) beside the printed pool (50), more games each
            GAMES=${CHECK_GAMES:-1000} study "$name" syndicate --players 4 --vary credit_pool_4p=50,59 --agents greedy ;;
        *) echo "unknown study $name" >&2; exit 2 ;;
    esac
done
