/**
 * V8's optimizing compiler, given less to do while codectx indexes. A run is short and each of its threads (the
 * extraction workers, the main thread, the writer) optimizes the same code for itself, on the two cores the
 * run itself wants:
 * - A quarter of V8's inlining budget (920 bytecodes inlined per function by default): with the default,
 *   compiling cost each extraction thread about as much CPU as half its own parsing (1.1 s over Django), and the
 *   smaller budget halves that without slowing the optimized code measurably.
 * - Eight times V8's interrupt budget, the bytecode a function runs before it is considered for optimization:
 *   only the code that stays hot is compiled. Over Django's cold index the V8 threads' CPU fell by about a
 *   quarter, the run's CPU by ~5% and its time by ~3% (8 alternating runs; four times and 16 times did the same).
 * V8's flags are per process, so the workers started afterwards share them; setting them again changes nothing.
 */
import { setFlagsFromString } from 'node:v8';

const FLAGS = ['--max-inlined-bytecode-size-cumulative=230', '--interrupt-budget=540672'];

let applied = false;

export function limitOptimizingCompiler(): void {
  if (applied) return;
  applied = true;
  for (const flag of FLAGS) setFlagsFromString(flag);
}
