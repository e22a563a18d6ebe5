/** Support's contract face: nothing other features use yet (the module is in index.ts). */
export {};
