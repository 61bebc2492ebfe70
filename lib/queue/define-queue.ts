import { Queue, type JobsOptions } from "bullmq";
import type { z } from "zod";
import type { Redis } from "ioredis";
import { createRedisConnection } from "./connection";
import { processGlobals } from "../process-globals";

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

const globalForQueues = processGlobals<{
  probebenchQueues?: Map<string, Queue>;
  probebenchQueueConnections?: Map<string, Redis>;
}>();

export function defineQueue<S extends z.ZodType>(
  name: string,
  payload: S,
  defaultJobOptions: () => JobsOptions,
): QueueDefinition<S> {
  const queues = (globalForQueues.probebenchQueues ??= new Map());
  const connections = (globalForQueues.probebenchQueueConnections ??= new Map());
  return {
    name,
    payload,
    queue: () => {
      let queue = queues.get(name) as Queue<z.infer<S>> | undefined;
      if (!queue) {
        const connection = createRedisConnection();
        queue = new Queue<z.infer<S>>(name, { connection, defaultJobOptions: defaultJobOptions() });
        queues.set(name, queue as Queue);
        connections.set(name, connection);
      }
      return queue;
    },
    close: async () => {
      const queue = queues.get(name);
      const connection = connections.get(name);
      queues.delete(name);
      connections.delete(name);
      await queue?.close();
      // BullMQ leaves a connection it was handed open: a CLI or script that queued a job would never exit.
      await connection?.quit().catch(() => connection.disconnect());
    },
  };
}
