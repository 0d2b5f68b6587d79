import fs from 'node:fs';
import path from 'node:path';

/**
 * A demo lab's orders kept in a JSON file (under DATA_DIR with LAB_DEMO), so a restarted shop's
 * doubles go on numbering where they stopped and still know, and ship, the orders sent before.
 * Written whole after each change (a temporary file renamed over it: never half a file); one
 * process owns it, as one API process runs the demo labs.
 */
export function demoLabState<T>(file: string) {
  return {
    /** What was saved, or null (none yet, or unreadable: the double starts empty). */
    load(): T | null {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
      } catch {
        return null;
      }
    },
    save(state: T) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(state));
      fs.renameSync(tmp, file);
    },
  };
}
