/**
 * CPU time of the steps npm test runs. Linux adds a child's CPU time (its own and that of every
 * descendant it waited for) to the parent's `cutime`/`cstime` when the parent reaps it, so the
 * growth of this process's figure between two step ends is what the step that just ended used.
 * Elsewhere (no /proc) there is no figure.
 */
import { readFileSync } from 'node:fs';

/** USER_HZ: the unit of /proc's times, 100 on every Linux build that matters here. */
const TICKS_PER_SECOND = 100;

/** CPU seconds of every child this process has reaped so far, or undefined without /proc. */
function reapedChildrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 (state) on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const childUser = Number(fields[16 - 3]);
    const childSystem = Number(fields[17 - 3]);
    return (childUser + childSystem) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/**
 * Counts from now: each `take()` returns the CPU seconds reaped since the previous one (or since
 * the start), so called as each step ends, the step's own. A step of the other lane ending in the
 * same instant would be counted with it.
 */
export function childCpuLedger(): { take(): number | undefined } {
  let lastReading = reapedChildrenCpuSeconds();
  return {
    take() {
      const now = reapedChildrenCpuSeconds();
      if (now === undefined || lastReading === undefined) return undefined;
      const used = now - lastReading;
      lastReading = now;
      return used;
    },
  };
}
