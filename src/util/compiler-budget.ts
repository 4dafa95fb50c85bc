/**
 * V8's optimizing compiler, given a smaller inlining budget for codectx's work. An index run is short and each of
 * its threads optimizes the same extraction and resolution code: with V8's default budget (920 bytecodes inlined per
 * function) compiling cost each extraction thread about as much CPU as half its own parsing (1.1 s over Django),
 * and a quarter of the budget halves that without slowing the optimized code measurably (`npm run bench:index`).
 * V8's flags are per process, so the workers started afterwards share it; setting it again changes nothing.
 */
import { setFlagsFromString } from 'node:v8';

const FLAG = '--max-inlined-bytecode-size-cumulative=230';
let applied = false;

export function limitInlining(): void {
  if (applied) return;
  applied = true;
  setFlagsFromString(FLAG);
}
