import { createContext, useContext, type ReactNode } from 'react';
import { defaultDateTimePreferences, type DateTimePreferences } from '../../lib/datetime/formats';

/**
 * The date and time formats pickers show when a field names none: the member's, as the app tells
 * the kit (`PickerFormatProvider`, fed from the preferences in the signed-in layout); the contract's
 * defaults (MM/DD/YYYY, 12 hours) elsewhere. The kit reads no domain state itself.
 */
const PickerFormatContext = createContext<DateTimePreferences>(defaultDateTimePreferences);

export function PickerFormatProvider({ value, children }: { value: DateTimePreferences; children: ReactNode }) {
  return <PickerFormatContext.Provider value={value}>{children}</PickerFormatContext.Provider>;
}

export function usePickerFormat(): DateTimePreferences {
  return useContext(PickerFormatContext);
}
