import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readManifests } from './read-manifests.js';

const manifests = readManifests();

describe.each(manifests.map((manifest) => [`${manifest.file} ${manifest.model.kind}`, manifest] as const))('%s', (_name, { model, pod }) => {
  it('is valid for the Kubernetes API schema of its kind', () => {
    expect(() => {
      model.validate();
    }).not.toThrow();
  });

  it('runs as uid 1000 on a read-only root, without privileges', () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000 });
    for (const container of pod.containers) {
      expect(container.securityContext).toEqual({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      expect(container.resources?.limits?.memory).toBeDefined();
    }
  });

  it('gives the CLI a writable /tmp, a reports volume and the key as a variable', () => {
    const volumes = new Map(pod.volumes?.map((volume) => [volume.name, volume]));
    for (const container of pod.containers) {
      const mounts = new Map(container.volumeMounts?.map((mount) => [mount.mountPath, mount]));
      expect(volumes.get(mounts.get('/tmp')?.name ?? '')?.emptyDir).toBeDefined();
      expect(mounts.get('/app/reports')?.readOnly).toBeUndefined();
      expect(mounts.get('/app/data')?.readOnly).toBe(true);
      // A Secret file is root's, or group-readable with fsGroup: the CLI refuses both as a key file.
      expect(container.env?.find((variable) => variable.name === 'LISTING_API_KEY')?.valueFrom?.secretKeyRef).toBeDefined();
      expect(container.env?.some((variable) => variable.name === 'LISTING_API_KEY_FILE')).toBe(false);
    }
  });
});

it('runs job files of jobs/, which the image holds and the ConfigMap is made from', () => {
  const jobFiles = manifests.flatMap(({ pod }) => pod.containers.map((container) => container.args?.[1] ?? ''));
  expect(jobFiles.sort()).toEqual(['jobs/nightly-business-sync.yaml', 'jobs/provider-sync.yaml']);
  expect(jobFiles.filter((file) => !existsSync(file))).toEqual([]);
});

it('deploy/ holds the CronJob and the Indexed Job', () => {
  expect(manifests.map(({ model }) => model.kind).sort()).toEqual(['CronJob', 'Job']);
});
