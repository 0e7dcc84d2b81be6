/** MM/DD/YYYY hh:mm A (the default preferences) of a platform UTC time in `timeZone`, computed without the app's code. */
export function localText(utc: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true })
      .formatToParts(new Date(`${utc}Z`))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.month}/${parts.day}/${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod?.toUpperCase()}`;
}
