// Lighthouse's 4× CPU slowdown turns a high-end desktop (BenchmarkIndex about 1,500) into its target phone, a
// mid-tier mobile device. On a weaker host the same 4× emulates a phone slower than that target, and each
// machine scores the same build differently. Lighthouse's documentation says to calibrate the multiplier to the
// host then (docs/throttling.md, "Calibrating the CPU slowdown"); these are the anchor points of its calculator
// (lighthouse-cpu-throttling-calculator), between which the multiplier is interpolated.
const anchors: ReadonlyArray<readonly [benchmarkIndex: number, multiplier: number]> = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
  [2000, 6],
];

/** Lighthouse's BenchmarkIndex under which it warns that the host is slower than its 4× default assumes. */
export const slowHostBenchmarkIndex = 1000;

/**
 * The CPU slowdown that makes a host of this BenchmarkIndex emulate Lighthouse's target phone; undefined when
 * the host is too slow to emulate it (below 150, as Lighthouse's calculator says).
 */
export function cpuSlowdownForHost(benchmarkIndex: number): number | undefined {
  if (!(benchmarkIndex >= anchors[0]![0])) return undefined;
  for (let index = 1; index < anchors.length; index++) {
    const [upperIndex, upperMultiplier] = anchors[index]!;
    const [lowerIndex, lowerMultiplier] = anchors[index - 1]!;
    if (benchmarkIndex <= upperIndex || index === anchors.length - 1) {
      const share = (benchmarkIndex - lowerIndex) / (upperIndex - lowerIndex);
      return lowerMultiplier + share * (upperMultiplier - lowerMultiplier);
    }
  }
  return undefined;
}
