/** The offset of `timeZone` from UTC at `at`, in minutes (Chicago in winter: -360). */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(at)
      .map(({ type, value }) => [type, value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the clocks of `timeZone` show `time` ('HH:MM') on `day` ('YYYY-MM-DD'). */
export function instantIn(timeZone: string, day: string, time = '00:00'): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  // The offset at the wall time read as UTC, then again at the instant it gives (right across a change of offset).
  const first = wall - offsetMinutes(timeZone, new Date(wall)) * 60_000;
  return new Date(wall - offsetMinutes(timeZone, new Date(first)) * 60_000);
}
