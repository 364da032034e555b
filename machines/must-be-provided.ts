/** Placeholder for an I/O actor: the app passes the real one with `machine.provide({ actors })`. */
export function mustBeProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} must be provided`));
}

/** Placeholder for an effectful action: the app passes the real one with `machine.provide({ actions })`. */
export function actionMustBeProvided<TParams = undefined>(name: string): (args: unknown, params: TParams) => never {
  return () => {
    throw new Error(`${name} must be provided`);
  };
}
