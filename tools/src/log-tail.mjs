// @ts-check
// The last lines a child process wrote, kept so that the error saying it stopped can show why: a cluster's and a
// bench's processes log to nowhere else ('ignore'), and "exited before it answered" alone leaves no trace.

/** How much of a child's output is kept: the end of it, enough for its last lines. */
const KEEP_CHARS = 16_384;

/**
 * Follows a child's stdout and stderr, forwarding them where the caller's output goes, and keeps the end of both.
 * @param {import('node:child_process').ChildProcess} child spawned with stdout and stderr piped
 * @param {{ forward?: boolean }} [options] forward: write the child's output to ours as it comes ('inherit')
 */
export function followOutput(child, { forward = false } = {}) {
  let kept = '';
  /** @param {import('node:stream').Readable | null} stream @param {NodeJS.WriteStream} to */
  const follow = (stream, to) => {
    if (!stream) return;
    stream.setEncoding('utf8');
    stream.on('data', (/** @type {string} */ text) => {
      if (forward) to.write(text);
      // Appending and cutting a string is cheap enough for a busy API's request log (the benches run under load).
      kept += text;
      if (kept.length > 2 * KEEP_CHARS) kept = kept.slice(-KEEP_CHARS);
    });
  };
  follow(child.stdout, process.stdout);
  follow(child.stderr, process.stderr);
  return {
    /** Its last `count` non-empty lines (each cut at 400 characters). @param {number} [count] */
    lastLines(count = 15) {
      return kept
        .split('\n')
        .map((line) => line.trimEnd())
        .filter(Boolean)
        .slice(-count)
        .map((line) => (line.length > 400 ? `${line.slice(0, 400)}…` : line));
    },
  };
}

/**
 * "Its last lines:" and those lines, indented, for an error message; a note when it wrote nothing.
 * @param {string[]} lines
 */
export function lastLinesText(lines) {
  return lines.length === 0
    ? 'It wrote nothing.'
    : `Its last lines:\n${lines.map((line) => `    ${line}`).join('\n')}`;
}
