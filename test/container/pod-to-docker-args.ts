import type { IPodSpec } from 'kubernetes-models/v1';

export interface PodHost {
  image: string;
  /** Host folders standing for the pod's claims and ConfigMaps, by volume name. */
  folders: Record<string, string>;
  /** Secret values, as `<secret>/<key>`. */
  secrets: Record<string, string>;
  /** Values that replace the manifest's (the API address). */
  env: Record<string, string>;
}

/**
 * `docker run` arguments for the first container of a pod as the kubelet would start it: its user
 * and fsGroup, read-only root, privileges, mounts (an emptyDir as a tmpfs), variables and args.
 */
export function podToDockerArgs(pod: IPodSpec, host: PodHost): string[] {
  const [container] = pod.containers;
  if (!container) throw new Error('the pod has no container');
  const podSecurity = pod.securityContext ?? {};
  const security = container.securityContext ?? {};
  const args = ['--user', `${String(podSecurity.runAsUser)}:${String(podSecurity.runAsGroup)}`];
  if (podSecurity.fsGroup !== undefined) args.push('--group-add', String(podSecurity.fsGroup));
  if (security.readOnlyRootFilesystem === true) args.push('--read-only');
  if (security.allowPrivilegeEscalation === false) args.push('--security-opt', 'no-new-privileges');
  for (const capability of security.capabilities?.drop ?? []) args.push('--cap-drop', capability);
  const volumes = new Map(pod.volumes?.map((volume) => [volume.name, volume]));
  for (const mount of container.volumeMounts ?? []) {
    if (volumes.get(mount.name)?.emptyDir) args.push('--tmpfs', `${mount.mountPath}:mode=1777`);
    else args.push('-v', `${requireValue(host.folders, mount.name)}:${mount.mountPath}${mount.readOnly === true ? ':ro' : ''}`);
  }
  for (const variable of container.env ?? []) {
    const secret = variable.valueFrom?.secretKeyRef;
    const value = host.env[variable.name] ?? (secret ? requireValue(host.secrets, `${secret.name}/${secret.key}`) : variable.value);
    args.push('-e', `${variable.name}=${value ?? ''}`);
  }
  return [...args, host.image, ...(container.args ?? [])];
}

function requireValue(values: Record<string, string>, name: string): string {
  const value = values[name];
  if (value === undefined) throw new Error(`the test gives nothing for ${name}`);
  return value;
}
