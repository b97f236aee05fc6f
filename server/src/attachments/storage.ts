/**
 * Where the bytes of attachments live, behind one interface: a folder under the data directory
 * (`<VIGIE_DATA_DIR>/attachments`, the default) or an S3-compatible bucket (VIGIE_S3_*, needed
 * when several processes serve one PostgreSQL: each must read what another received). The
 * tus endpoint writes uploads through `uploads`, the store of @tus/server that matches (its
 * FileStore or S3Store), at the attachment's storage key; serving, thumbnails and deletion go
 * through get/put/stat/delete with the same keys. Keys are built by the server only
 * (`<client database>/<attachment id>`, see keys below), never taken from a request.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { Config, S3Config } from '../config.js';

/** A byte range, both ends included (HTTP's `bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
}

export interface AttachmentStorage {
  readonly kind: 'folder' | 's3';
  /** The tus data store: an upload with id `key` ends up as the object `key`. */
  readonly uploads: DataStore;
  /** Stores a small object whole (thumbnails). */
  put(key: string, body: Buffer, type: string): Promise<void>;
  /** The object's bytes, or only `range` of them. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size, or null when it is not there. */
  stat(key: string): Promise<StoredObject | null>;
  /** Removes the object (and nothing when it is already gone). */
  delete(key: string): Promise<void>;
}

/** The storage key of attachment `id` of client database `clientDb`: one folder (prefix) per client. */
export const attachmentKey = (clientDb: string, id: string): string => `${clientDb}/${id}`;
/** The key of its thumbnail, beside it. */
export const thumbnailKey = (key: string): string => `${key}.thumb.jpg`;

class FolderStorage implements AttachmentStorage {
  readonly kind = 'folder';
  readonly uploads: DataStore;

  constructor(private readonly root: string) {
    this.uploads = new FileStore({ directory: root });
  }

  /** The file of a key, refused if it would leave the folder (keys are the server's, but still). */
  private path(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`storage key outside the attachments folder: ${key}`);
    return path;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written beside, then renamed would be safer against a crash mid-write; a thumbnail cut
    // short is only remade when its key is cleared, so write it whole in one call instead.
    await writeFile(path, body);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    const stream = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    // Open errors (a file removed behind our back) surface here rather than mid-response.
    await new Promise<void>((done, fail) => {
      stream.once('open', () => done());
      stream.once('error', fail);
    });
    return stream;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
    // The tus FileStore's description of the upload, beside it.
    await rm(`${this.path(key)}.json`, { force: true });
  }
}

/**
 * @tus/s3-store's store, whose S3 client also serves the reads and writes of the storage.
 * One change to its writes: S3Store streams a chunk into its parts as it arrives, and a cut
 * in the middle loses the part in progress (and the incomplete part it was extending, bytes
 * already acknowledged): the upload would restart from the last whole 5 MiB part. Here each
 * chunk is first received whole into a temporary file, then handed to S3Store: a cut keeps
 * what arrived, as the folder storage does.
 */
class S3Storage extends S3Store implements AttachmentStorage {
  readonly kind = 's3';
  get uploads(): DataStore {
    return this;
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const file = join(tmpdir(), `vigie-upload-${randomUUID()}`);
    try {
      // A cut ends the copy early; what arrived is in the file.
      await pipeline(src, createWriteStream(file)).catch(() => undefined);
      const { size } = await stat(file);
      if (size === 0) return offset;
      return await super.write(createReadStream(file), id, offset);
    } finally {
      await rm(file, { force: true });
    }
  }

  constructor(settings: S3Config) {
    super({
      // The smallest parts S3 takes (all but the last): a cut upload resumes from the last
      // whole part, so the smaller the part, the less is sent again.
      partSize: 5 * 1024 * 1024,
      s3ClientConfig: {
        bucket: settings.bucket,
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
        // Checksums only where the API requires them: several S3-compatible stores refuse the
        // SDK's newer default trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
  }

  async put(key: string, body: Buffer, type: string): Promise<void> {
    await this.client.putObject({ Bucket: this.bucket, Key: key, Body: body, ContentType: type });
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const answer = await this.client.getObject({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) });
    // In Node the SDK's body is an IncomingMessage (a Readable).
    return answer.Body as Readable;
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.headObject({ Bucket: this.bucket, Key: key });
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.deleteObject({ Bucket: this.bucket, Key: key });
    await this.client.deleteObject({ Bucket: this.bucket, Key: `${key}.info` });
  }
}

/** The storage the configuration names: S3 when VIGIE_S3_BUCKET is set, else the data folder's. */
export function openStorage(config: Pick<Config, 'dataDir' | 's3'>): AttachmentStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new FolderStorage(join(resolve(config.dataDir), 'attachments'));
}
