import type { Container } from 'inversify';
import { StartupTask } from '../shared/application/StartupTask.js';

/**
 * Runs the contexts' start-up tasks (seeding the built-in administrator, subscribers, reading labs and clocks …):
 * those marked `first` one after the other, then the rest together. Started in order (a subscriber is in place
 * before the tasks whose events it hears) and run together: the tasks are independent, and the administrator's
 * password check (a scrypt) overlaps the store work. The first failure is thrown once all settled.
 */
export async function runStartupTasks(container: Container): Promise<void> {
  const tasks = container.isBound(StartupTask) ? container.getAll(StartupTask) : [];
  for (const task of tasks.filter((t) => t.first)) await task.run();
  const outcomes = await Promise.allSettled(tasks.filter((t) => !t.first).map((task) => task.run()));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}
