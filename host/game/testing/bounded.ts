// A test's work in a worker thread with a time limit: a computation that never returns fails
// the test (the worker is stopped) where, run in the test's own thread, it would hang the run.
import { Worker } from 'node:worker_threads';

/**
 * What the TypeScript module at `url` posts back (its `parentPort.postMessage`) given `data`
 * (its `workerData`), or an error once `ms` (milliseconds) have passed without an answer, or
 * when the module throws. Node 20 does not apply `--import tsx` to a worker (nodejs/node#47747):
 * the thread registers tsx itself first, as host/cli/perftThreads.ts does.
 */
export function inWorker<T>(url: URL, data: unknown, ms: number): Promise<T> {
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  const worker = new Worker(code, { eval: true, workerData: data });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`no answer within ${ms} ms`));
    }, ms);
    worker.once('message', (m: T) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(m);
    });
    worker.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}
