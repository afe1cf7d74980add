import { createContext, useContext } from 'react';

/** True inside the signed-in shell (AppLayout): a screen rendered there needs no shell of its own. */
export const InShell = createContext(false);
export const useInShell = () => useContext(InShell);
