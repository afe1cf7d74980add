import { format } from 'date-fns';

// Dates show as dd/mm/yyyy (spec section 9); the server's timestamps are seconds.
export const formatDate = (seconds: number) => format(seconds * 1000, 'dd/MM/yyyy');
export const formatDateTime = (seconds: number) => format(seconds * 1000, 'dd/MM/yyyy HH:mm');
export const formatTime = (seconds: number) => format(seconds * 1000, 'HH:mm:ss');
