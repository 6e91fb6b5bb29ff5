import type { ChildProcess } from "node:child_process";

/** Everything a child process writes (stdout and stderr), and waits for what it will write. */
export class ProcessOutput {
  private readonly chunks: string[] = [];
  private child: ChildProcess | undefined;

  /** Collects the child's output from now on. */
  attach(child: ChildProcess): void {
    this.child = child;
    child.stdout?.setEncoding("utf8").on("data", (text: string) => this.chunks.push(text));
    child.stderr?.setEncoding("utf8").on("data", (text: string) => this.chunks.push(text));
  }

  get text(): string {
    return this.chunks.join("");
  }

  /** Where the output ends now: what `waitFor` and `after` read from. */
  mark(): number {
    return this.text.length;
  }

  after(from: number): string {
    return this.text.slice(from);
  }

  /**
   * Resolves once the output after `from` holds `text` (checked at each chunk); rejects if the
   * process exits first. The hook's or test's timeout bounds a hang.
   */
  waitFor(text: string | RegExp, from = 0): Promise<void> {
    const child = this.child;
    if (!child) throw new Error("no process attached");
    return new Promise((resolve, reject) => {
      const matches = () => (typeof text === "string" ? this.after(from).includes(text) : text.test(this.after(from)));
      const check = () => {
        if (!matches()) return;
        stop();
        resolve();
      };
      const exited = () => {
        stop();
        reject(new Error(`the process exited before printing ${String(text)}:\n${this.text.slice(-3000)}`));
      };
      const stop = () => {
        child.stdout?.off("data", check);
        child.stderr?.off("data", check);
        child.off("exit", exited);
      };
      child.stdout?.on("data", check);
      child.stderr?.on("data", check);
      child.once("exit", exited);
      check();
    });
  }
}
