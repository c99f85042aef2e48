#!/usr/bin/env python3
"""The garbage collector's share of a steady small loop, from V8's own trace (issue 16 item 3).

Reads the output (stdout and stderr) of
  node --expose-gc --trace-gc-nvp --import tsx benchmarks/small/_survivors.ts <case> <n> <iters> <workers> plain 2>&1
and prints, for the main thread's collections after the `--- steady` line: scavenges and
mark-compacts, their pause milliseconds, the share of the loop's wall time, and per iteration the
bytes allocated, copied within the young generation and promoted (a scavenge costs in proportion
to the last two). Lines of other isolates (workers, the tsx loader) are left out: the main
thread's isolate is the one that printed the most collections during the loop.
"""
import json
import re
import sys
from collections import Counter

text = sys.stdin.read()
head, _, steady = text.partition('--- steady')
result = None
for line in steady.splitlines():
    if line.startswith('{'):
        result = json.loads(line)
iso = re.compile(r'^\[(\d+):(0x[0-9a-f]+)\]')
isolates = Counter(m.group(2) for m in (iso.match(l) for l in steady.splitlines()) if m)
main = isolates.most_common(1)[0][0] if isolates else None
tot = {'s': 0, 'mc': 0, 's_ms': 0.0, 'mc_ms': 0.0, 'allocated': 0, 'survived': 0, 'promoted': 0}
for line in steady.splitlines():
    m = iso.match(line)
    if not m or m.group(2) != main or 'gc=' not in line:
        continue
    d = dict(kv.split('=', 1) for kv in line.split() if '=' in kv)
    pause = float(d.get('pause', 0))
    if d.get('gc') == 's':
        tot['s'] += 1
        tot['s_ms'] += pause
        tot['allocated'] += int(d.get('allocated', 0))
        tot['survived'] += int(d.get('new_space_survived', 0))
        tot['promoted'] += int(d.get('promoted', 0))
    else:
        tot['mc'] += 1
        tot['mc_ms'] += pause
out = {'scavenges': tot['s'], 'scavengeMs': round(tot['s_ms'], 1), 'markCompacts': tot['mc'],
       'markCompactMs': round(tot['mc_ms'], 1)}
if result:
    it = result['iterations']
    out.update({'loopMs': round(result['ms'], 1), 'usPerIter': round(1000 * result['ms'] / it, 2),
                'gcShare': round((tot['s_ms'] + tot['mc_ms']) / result['ms'], 3),
                'survivedPerIter': round(tot['survived'] / it), 'promotedPerIter': round(tot['promoted'] / it)})
print(json.dumps(out))
