/** The back-office's contract face: it offers nothing to other features' domain or application. */
export {};
