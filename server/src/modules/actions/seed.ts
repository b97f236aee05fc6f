export async function seedActions(): Promise<void> {}
