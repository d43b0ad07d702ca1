import { serviceProcesses, workspacePackage } from './modules';

/** A setting naming another service's address: `CATALOG_SERVICE_URL`. */
const SERVICE_URL = /^([A-Z]+)_SERVICE_URL$/;

/**
 * Who calls each service: the shell (its gateway relays the browsers' calls to every module's service)
 * and each service whose settings name the other's address (its definition's `<NAME>_SERVICE_URL`), read
 * from the definitions themselves, so the network policies are checked against what the code calls.
 */
export async function serviceCallers(): Promise<Record<string, string[]>> {
  const services = serviceProcesses.filter(
    (service) => workspacePackage(service.dir).exports?.['./definition'],
  );
  const called = await Promise.all(
    services.map(async (service) => {
      const { name } = workspacePackage(service.dir);
      const module = (await import(`${name}/definition`)) as Record<
        string,
        { configShape?: object } | undefined
      >;
      const definition = Object.values(module).find((value) => value?.configShape);
      const calls = Object.keys(definition?.configShape ?? {})
        .map((setting) => SERVICE_URL.exec(setting)?.[1]?.toLowerCase())
        .filter((callee): callee is string => Boolean(callee));
      return { caller: service.name, calls };
    }),
  );
  return Object.fromEntries(
    services.map((service) => [
      service.name,
      ['shell', ...called.filter(({ calls }) => calls.includes(service.name)).map(({ caller }) => caller)],
    ]),
  );
}
