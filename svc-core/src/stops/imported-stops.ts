import { appointmentText, type Stop, type StopInput, type StopText } from '@tms/contracts';

/**
 * A load's stops as a CSV import gives them (readStopsText), against the stops it has (none for a new load): a stop
 * at the same place in the order with the same type and location (case aside) is that stop, and keeps its id, what
 * happened there and what the text does not say (address, facility, coordinates, radius, reference, notes), and its
 * appointment when the text writes the one it has (so seconds and a lone end time survive). Answers the whole list
 * a write takes, or undefined when it would leave the stops as they are.
 */
export function importedStops(read: readonly StopText[], stored: readonly Stop[], timeZone: string): StopInput[] | undefined {
  let unchanged = read.length === stored.length;
  const stops = read.map(({ type, location, appointmentStart, appointmentEnd, appointment }, index): StopInput => {
    const kept = stored[index];
    if (!kept || kept.type !== type || kept.location.trim().toLowerCase() !== location.trim().toLowerCase()) {
      unchanged = false;
      return { type: type as StopInput['type'], location, appointmentStart, appointmentEnd };
    }
    const sameAppointment = appointmentText(kept, timeZone) === appointment;
    if (!sameAppointment || kept.location !== location) unchanged = false;
    const { id, address, facility, latitude, longitude, radiusMiles, reference, notes } = kept;
    return {
      id, type: kept.type, location, address, facility, latitude, longitude, radiusMiles, reference, notes,
      ...(sameAppointment ? { appointmentStart: kept.appointmentStart, appointmentEnd: kept.appointmentEnd } : { appointmentStart, appointmentEnd }),
    };
  });
  return unchanged ? undefined : stops;
}
