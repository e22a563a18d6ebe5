/** The local inbox of the tests: the workspace package, under the name the specs import. */
export * from '@paylock/dev-mail';
