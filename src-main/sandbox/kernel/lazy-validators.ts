/**
 * The sandbox server's request validation, compiled when first needed: Fastify's own
 * validator compiler (@fastify/ajv-compiler, with the `ajv` options the server is given), each
 * route part's schema compiled on its first request instead of when the server starts.
 * Compiling every operation's schemas of both OpenAPI documents up front was most of the
 * sandbox's start, so of the app's start (`npm run bench -- start`). Same schemas, same
 * validation, same errors: only the moment of compiling moves.
 */
import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';

/**
 * A `schemaController.compilersFactory.buildValidator` for Fastify whose validators compile
 * their schema on their first call.
 */
export function lazyValidatorFactory(): BuildCompilerFromPool {
  const build = AjvCompiler();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const lazyCompile: typeof compile = (...route) => {
      let validate: ReturnType<typeof compile> | undefined;
      const lazy = Object.assign(
        (data: unknown) => {
          validate ??= compile(...route);
          const result = validate(data);
          // Fastify reads the errors from the function it called.
          lazy.errors = validate.errors;
          return result;
        },
        { errors: null as ReturnType<typeof compile>['errors'] },
      );
      return lazy as ReturnType<typeof compile>;
    };
    return lazyCompile;
  };
}
