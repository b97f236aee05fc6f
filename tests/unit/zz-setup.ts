import { register } from 'node:module';
const hooks = `export async function resolve(specifier, context, next) {
  if (specifier === '@lit/react') return next(specifier, { ...context, conditions: ['browser', 'import', 'default'] });
  return next(specifier, context);
}`;
register('data:text/javascript,' + encodeURIComponent(hooks));
