import { Queue, type JobsOptions } from "bullmq";
import type { z } from "zod";
import { createRedisConnection } from "./connection";

/**
 * One queue: its name, the zod schema of its payload, and its producer (opened on first use, once per process; kept on
 * globalThis so Next's dev reloads do not open a connection per reload). Jobs carry ids only; rows carry state: a
 * payload names the row a job works on, and the row says what is left to do.
 */
export type QueueDefinition<S extends z.ZodType> = {
  name: string;
  payload: S;
  /** The producer; created with the queue's default job options on first use. */
  queue: () => Queue<z.infer<S>>;
  close: () => Promise<void>;
};

const globalForQueues = globalThis as unknown as { probebenchQueues?: Map<string, Queue> };

export function defineQueue<S extends z.ZodType>(
  name: string,
  payload: S,
  defaultJobOptions: () => JobsOptions,
): QueueDefinition<S> {
  const queues = (globalForQueues.probebenchQueues ??= new Map());
  return {
    name,
    payload,
    queue: () => {
      let queue = queues.get(name) as Queue<z.infer<S>> | undefined;
      if (!queue) {
        queue = new Queue<z.infer<S>>(name, {
          connection: createRedisConnection(),
          defaultJobOptions: defaultJobOptions(),
        });
        queues.set(name, queue as Queue);
      }
      return queue;
    },
    close: async () => {
      const queue = queues.get(name);
      queues.delete(name);
      await queue?.close();
    },
  };
}
