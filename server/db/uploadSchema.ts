import type { Generated } from 'kysely';
import type { UploadStatus } from '../../contract/files/entities';
import type { Territory } from '../../contract/shared/territory';

// Row types of migrations 009 and 012 (the file servers' chunked uploads).

export interface UploadsTable {
  id: string;
  user_id: number;
  account_id: number;
  territory: Territory;
  file_prefix: string;
  status: Generated<UploadStatus>;
  declared_bytes: number | null;
  chunk_count: Generated<number>;
  bytes: Generated<number>;
  sha256: string | null;
  /** Seconds since the epoch. */
  created_at: number;
  updated_at: number;
}

export interface UploadChunksTable {
  upload_id: string;
  idx: number;
  size: number;
  /** The chunk's own SHA-256, or null when `prefix_sha256` is kept instead (migration 012). */
  sha256: string | null;
  /** The SHA-256 of chunks 0 .. idx, kept by the process that held their running hash. */
  prefix_sha256: Generated<string | null>;
  created_at: number;
}

export interface UploadTables {
  uploads: UploadsTable;
  upload_chunks: UploadChunksTable;
}
