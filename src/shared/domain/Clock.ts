/** The current time, as a port: production binds the system clock, tests and simulations a manual one. */
export abstract class Clock {
  abstract now(): Date;
}
