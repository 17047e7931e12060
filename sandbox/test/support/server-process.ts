import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export interface RunningSandbox {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

const SANDBOX_DIR = path.join(__dirname, '..', '..');

/** Runs `tsx src/server.ts` as `npm start` does and resolves once it prints its URL. */
export function runServer(env: Record<string, string>): Promise<RunningSandbox> {
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'src/server.ts'], {
    cwd: SANDBOX_DIR,
    env: { ...process.env, HOST: '127.0.0.1', SANDBOX_PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          output: () => output,
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited with ${code}:\n${output}`));
    });
  });
}
