/**
 * V8's optimizing compiler, given less to do while codectx indexes. A run is short and each of its threads (the
 * extraction workers, the main thread, the writer) optimizes the same code for itself, on the two cores the
 * run itself wants:
 * - A quarter of V8's inlining budget (920 bytecodes inlined per function by default): with the default,
 *   compiling cost each extraction thread about as much CPU as half its own parsing (1.1 s over Django), and the
 *   smaller budget halves that without slowing the optimized code measurably.
 * - In a process that indexes once (the CLI), eight times V8's interrupt budget, the bytecode a function runs
 *   before it is considered for optimization: only the code that stays hot is compiled. The CLI's update after a
 *   Django commit switch took ~7% less time (6 alternating pairs) and a cold index ~5% less CPU (8 pairs). A
 *   process that indexes again (`codectx watch`, the servers) keeps V8's default: there the first update after a
 *   cold index was ~3% slower with the larger budget, and up to ~14% more CPU with it restored after the cold
 *   index, its per-file code then being optimized during the update instead of before.
 * V8's flags are per process, so the workers share them.
 */
import { setFlagsFromString } from 'node:v8';

const INLINING = '--max-inlined-bytecode-size-cumulative=230';
const ONE_SHOT_INTERRUPT_BUDGET = '--interrupt-budget=540672';
/** V8's default in Node 20 (`node --v8-options`). */
const DEFAULT_INTERRUPT_BUDGET = '--interrupt-budget=67584';

/** Sets the compiler's budgets for an index run; `oneShot` when the process will not index again. */
export function limitOptimizingCompiler(oneShot: boolean): void {
  setFlagsFromString(INLINING);
  setFlagsFromString(oneShot ? ONE_SHOT_INTERRUPT_BUDGET : DEFAULT_INTERRUPT_BUDGET);
}
