/** The app configuration loaded at start, and the maintenance status (spec section 7, "Common config"). */
import Type from 'typebox';

export const AppConfig = Type.Object({
  productName: Type.String(),
  languages: Type.Array(Type.String()),
  fallbackLanguage: Type.String(),
  socketPath: Type.String(),
  supportUrl: Type.String(),
  helpUrl: Type.String(),
  idleSeconds: Type.Integer(),
});

export const MaintenanceData = Type.Object({ maintenance: Type.Boolean() });
