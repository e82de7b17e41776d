export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      folder_members: {
        Row: {
          folder_id: string;
          user_id: string;
          role: string;
          added_by: string | null;
          created_at: string;
        };
        Insert: {
          folder_id: string;
          user_id: string;
          role: string;
          added_by?: string | null;
          created_at?: string;
        };
        Update: {
          folder_id?: string;
          user_id?: string;
          role?: string;
          added_by?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "folder_members_folder_id_fkey";
            columns: ["folder_id"];
            isOneToOne: false;
            referencedRelation: "folders";
            referencedColumns: ["id"];
          },
        ];
      };
      folders: {
        Row: {
          id: string;
          owner_id: string;
          parent_id: string | null;
          name: string;
          position: number;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          owner_id?: string;
          parent_id?: string | null;
          name: string;
          position?: number;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          owner_id?: string;
          parent_id?: string | null;
          name?: string;
          position?: number;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "folders_parent_fkey";
            columns: ["owner_id", "parent_id"];
            isOneToOne: false;
            referencedRelation: "folders";
            referencedColumns: ["owner_id", "id"];
          },
        ];
      };
      history_retention: {
        Row: {
          id: boolean;
          keep_all_days: number;
          keep_daily_days: number;
        };
        Insert: {
          id?: boolean;
          keep_all_days?: number;
          keep_daily_days?: number;
        };
        Update: {
          id?: boolean;
          keep_all_days?: number;
          keep_daily_days?: number;
        };
        Relationships: [];
      };
      import_folders: {
        Row: {
          import_id: string;
          owner_id: string;
          folder_id: string;
          path: string;
        };
        Insert: {
          import_id: string;
          owner_id?: string;
          folder_id: string;
          path: string;
        };
        Update: {
          import_id?: string;
          owner_id?: string;
          folder_id?: string;
          path?: string;
        };
        Relationships: [
          {
            foreignKeyName: "import_folders_folder_fkey";
            columns: ["owner_id", "folder_id"];
            isOneToOne: false;
            referencedRelation: "folders";
            referencedColumns: ["owner_id", "id"];
          },
          {
            foreignKeyName: "import_folders_import_fkey";
            columns: ["owner_id", "import_id"];
            isOneToOne: false;
            referencedRelation: "imports";
            referencedColumns: ["owner_id", "id"];
          },
        ];
      };
      import_notes: {
        Row: {
          import_id: string;
          owner_id: string;
          note_id: string;
          source_path: string;
          content_hash: string;
          written_at: string | null;
        };
        Insert: {
          import_id: string;
          owner_id?: string;
          note_id: string;
          source_path: string;
          content_hash: string;
          written_at?: string | null;
        };
        Update: {
          import_id?: string;
          owner_id?: string;
          note_id?: string;
          source_path?: string;
          content_hash?: string;
          written_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "import_notes_import_fkey";
            columns: ["owner_id", "import_id"];
            isOneToOne: false;
            referencedRelation: "imports";
            referencedColumns: ["owner_id", "id"];
          },
          {
            foreignKeyName: "import_notes_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      imports: {
        Row: {
          id: string;
          owner_id: string;
          source: string;
          name: string;
          status: string;
          created_at: string;
          notes_total: number;
          files_total: number;
        };
        Insert: {
          id?: string;
          owner_id?: string;
          source: string;
          name: string;
          status?: string;
          created_at?: string;
          notes_total?: number;
          files_total?: number;
        };
        Update: {
          id?: string;
          owner_id?: string;
          source?: string;
          name?: string;
          status?: string;
          created_at?: string;
          notes_total?: number;
          files_total?: number;
        };
        Relationships: [];
      };
      invitations: {
        Row: {
          id: string;
          email: string;
          note_id: string | null;
          folder_id: string | null;
          role: string;
          invited_by: string;
          created_at: string;
          accepted_at: string | null;
          accepted_by: string | null;
        };
        Insert: {
          id?: string;
          email: string;
          note_id?: string | null;
          folder_id?: string | null;
          role: string;
          invited_by?: string;
          created_at?: string;
          accepted_at?: string | null;
          accepted_by?: string | null;
        };
        Update: {
          id?: string;
          email?: string;
          note_id?: string | null;
          folder_id?: string | null;
          role?: string;
          invited_by?: string;
          created_at?: string;
          accepted_at?: string | null;
          accepted_by?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "invitations_folder_id_fkey";
            columns: ["folder_id"];
            isOneToOne: false;
            referencedRelation: "folders";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "invitations_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_comments: {
        Row: {
          id: string;
          note_id: string;
          parent_id: string | null;
          author_id: string;
          body: string;
          anchor_start: string | null;
          anchor_end: string | null;
          quote: string | null;
          resolved_at: string | null;
          resolved_by: string | null;
          created_at: string;
          edited_at: string | null;
          mentions: string[];
          mention_names: string[];
        };
        Insert: {
          id?: string;
          note_id: string;
          parent_id?: string | null;
          author_id?: string;
          body: string;
          anchor_start?: string | null;
          anchor_end?: string | null;
          quote?: string | null;
          resolved_at?: string | null;
          resolved_by?: string | null;
          created_at?: string;
          edited_at?: string | null;
          mentions?: string[];
          mention_names?: string[];
        };
        Update: {
          id?: string;
          note_id?: string;
          parent_id?: string | null;
          author_id?: string;
          body?: string;
          anchor_start?: string | null;
          anchor_end?: string | null;
          quote?: string | null;
          resolved_at?: string | null;
          resolved_by?: string | null;
          created_at?: string;
          edited_at?: string | null;
          mentions?: string[];
          mention_names?: string[];
        };
        Relationships: [
          {
            foreignKeyName: "note_comments_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "note_comments_parent_id_fkey";
            columns: ["parent_id"];
            isOneToOne: false;
            referencedRelation: "note_comments";
            referencedColumns: ["id"];
          },
        ];
      };
      note_history_marks: {
        Row: {
          note_id: string;
          created_at: string;
          last_update_at: string;
          last_version_at: string | null;
        };
        Insert: {
          note_id: string;
          created_at?: string;
          last_update_at?: string;
          last_version_at?: string | null;
        };
        Update: {
          note_id?: string;
          created_at?: string;
          last_update_at?: string;
          last_version_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "note_history_marks_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: true;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_links: {
        Row: {
          id: number;
          source_id: string;
          user_id: string;
          target_id: string | null;
          target_title: string;
          context: string;
          position: number;
        };
        Insert: {
          id?: never;
          source_id: string;
          user_id: string;
          target_id?: string | null;
          target_title: string;
          context: string;
          position: number;
        };
        Update: {
          id?: never;
          source_id?: string;
          user_id?: string;
          target_id?: string | null;
          target_title?: string;
          context?: string;
          position?: number;
        };
        Relationships: [
          {
            foreignKeyName: "note_links_source_id_fkey";
            columns: ["source_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
          {
            foreignKeyName: "note_links_target_id_fkey";
            columns: ["target_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_members: {
        Row: {
          note_id: string;
          user_id: string;
          role: string;
          added_by: string | null;
          created_at: string;
        };
        Insert: {
          note_id: string;
          user_id: string;
          role: string;
          added_by?: string | null;
          created_at?: string;
        };
        Update: {
          note_id?: string;
          user_id?: string;
          role?: string;
          added_by?: string | null;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "note_members_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_search: {
        Row: {
          note_id: string;
          owner_id: string;
          folded: string;
        };
        Insert: {
          note_id: string;
          owner_id: string;
          folded: string;
        };
        Update: {
          note_id?: string;
          owner_id?: string;
          folded?: string;
        };
        Relationships: [
          {
            foreignKeyName: "note_search_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: true;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_tags: {
        Row: {
          note_id: string;
          user_id: string;
          tag: string;
        };
        Insert: {
          note_id: string;
          user_id: string;
          tag: string;
        };
        Update: {
          note_id?: string;
          user_id?: string;
          tag?: string;
        };
        Relationships: [
          {
            foreignKeyName: "note_tags_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_updates: {
        Row: {
          id: number;
          note_id: string;
          owner_id: string;
          data: string;
          created_at: string;
        };
        Insert: {
          id?: never;
          note_id: string;
          owner_id?: string;
          data: string;
          created_at?: string;
        };
        Update: {
          id?: never;
          note_id?: string;
          owner_id?: string;
          data?: string;
          created_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: "note_updates_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      note_versions: {
        Row: {
          id: number;
          note_id: string;
          owner_id: string;
          created_at: string;
          kind: string;
          state: string;
          device: string | null;
          words_added: number;
          words_removed: number;
          summary: string;
          attachment_paths: string[] | null;
        };
        Insert: {
          id?: never;
          note_id: string;
          owner_id: string;
          created_at?: string;
          kind: string;
          state: string;
          device?: string | null;
          words_added?: number;
          words_removed?: number;
          summary?: string;
          attachment_paths?: string[] | null;
        };
        Update: {
          id?: never;
          note_id?: string;
          owner_id?: string;
          created_at?: string;
          kind?: string;
          state?: string;
          device?: string | null;
          words_added?: number;
          words_removed?: number;
          summary?: string;
          attachment_paths?: string[] | null;
        };
        Relationships: [
          {
            foreignKeyName: "note_versions_note_id_fkey";
            columns: ["note_id"];
            isOneToOne: false;
            referencedRelation: "notes";
            referencedColumns: ["id"];
          },
        ];
      };
      notes: {
        Row: {
          id: string;
          owner_id: string;
          title: string;
          body: string;
          pinned: boolean;
          deleted_at: string | null;
          share_slug: string | null;
          ydoc: string | null;
          ydoc_version: number;
          created_at: string;
          updated_at: string;
          search: unknown | null;
          share_indexable: boolean;
          text_version: number;
          text_updates: number;
          folder_id: string | null;
          trash_changed_at: string | null;
        };
        Insert: {
          id?: string;
          owner_id?: string;
          title?: string;
          body?: string;
          pinned?: boolean;
          deleted_at?: string | null;
          share_slug?: string | null;
          ydoc?: string | null;
          ydoc_version?: number;
          created_at?: string;
          updated_at?: string;
          search?: never;
          share_indexable?: boolean;
          text_version?: number;
          text_updates?: number;
          folder_id?: string | null;
          trash_changed_at?: string | null;
        };
        Update: {
          id?: string;
          owner_id?: string;
          title?: string;
          body?: string;
          pinned?: boolean;
          deleted_at?: string | null;
          share_slug?: string | null;
          ydoc?: string | null;
          ydoc_version?: number;
          created_at?: string;
          updated_at?: string;
          search?: never;
          share_indexable?: boolean;
          text_version?: number;
          text_updates?: number;
          folder_id?: string | null;
          trash_changed_at?: string | null;
        };
        Relationships: [
          {
            foreignKeyName: "notes_folder_fkey";
            columns: ["owner_id", "folder_id"];
            isOneToOne: false;
            referencedRelation: "folders";
            referencedColumns: ["owner_id", "id"];
          },
        ];
      };
      profiles: {
        Row: {
          id: string;
          username: string | null;
          display_name: string | null;
          avatar_path: string | null;
          theme: string | null;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id: string;
          username?: string | null;
          display_name?: string | null;
          avatar_path?: string | null;
          theme?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          username?: string | null;
          display_name?: string | null;
          avatar_path?: string | null;
          theme?: string | null;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      share_slugs_used: {
        Row: {
          slug: string;
          used_at: string;
        };
        Insert: {
          slug: string;
          used_at?: string;
        };
        Update: {
          slug?: string;
          used_at?: string;
        };
        Relationships: [];
      };
      tag_counts: {
        Row: {
          user_id: string;
          tag: string;
          note_count: number;
        };
        Insert: {
          user_id: string;
          tag: string;
          note_count: number;
        };
        Update: {
          user_id?: string;
          tag?: string;
          note_count?: number;
        };
        Relationships: [];
      };
    };
    Views: {
      folder_list: {
        Row: {
          id: string | null;
          owner_id: string | null;
          parent_id: string | null;
          name: string | null;
          position: number | null;
          created_at: string | null;
          updated_at: string | null;
          note_count: number | null;
          shared: boolean | null;
        };
        Relationships: [];
      };
      note_list: {
        Row: {
          id: string | null;
          owner_id: string | null;
          title: string | null;
          body_start: string | null;
          pinned: boolean | null;
          created_at: string | null;
          updated_at: string | null;
          deleted_at: string | null;
          folder_id: string | null;
          trash_changed_at: string | null;
        };
        Relationships: [];
      };
    };
    Functions: {
      accept_invitations: { Args: never; Returns: number };
      accept_invitations_for: {
        Args: {
          uid: string;
          address: string;
        };
        Returns: number;
      };
      attachment_role: {
        Args: {
          name: string;
        };
        Returns: string;
      };
      compact_note: {
        Args: {
          note_id: string;
          ydoc: string;
          base_version: number;
          merged_ids: number[];
        };
        Returns: {
          id: string;
          owner_id: string;
          title: string;
          body: string;
          pinned: boolean;
          deleted_at: string | null;
          share_slug: string | null;
          ydoc: string | null;
          ydoc_version: number;
          created_at: string;
          updated_at: string;
          search: unknown | null;
          share_indexable: boolean;
          text_version: number;
          text_updates: number;
          folder_id: string | null;
          trash_changed_at: string | null;
        };
      };
      delete_folder: {
        Args: {
          folder_id: string;
          contents: string;
        };
        Returns: undefined;
      };
      folder_people: {
        Args: {
          folder_id: string;
        };
        Returns: {
          user_id: string;
          role: string;
          name: string;
          email: string;
          avatar_path: string;
          direct_role: string;
          through: string;
        }[];
      };
      folder_role: {
        Args: {
          folder_id: string;
        };
        Returns: string;
      };
      folder_role_of: {
        Args: {
          folder_id: string;
          person: string;
        };
        Returns: string;
      };
      history_usage: {
        Args: never;
        Returns: {
          versions: number;
          bytes: number;
        }[];
      };
      is_reserved_username: {
        Args: {
          name: string;
        };
        Returns: boolean;
      };
      move_folder: {
        Args: {
          folder_id: string;
          new_parent_id: string;
          before_id?: string;
        };
        Returns: undefined;
      };
      note_backlinks: {
        Args: {
          note_id: string;
        };
        Returns: {
          source_id: string;
          source_title: string;
          context: string;
          updated_at: string;
        }[];
      };
      note_comment_strangers: {
        Args: {
          note_id: string;
          people: string[];
        };
        Returns: string[];
      };
      note_history: {
        Args: {
          note_id: string;
          before_at?: string;
          before_id?: number;
          page_size?: number;
        };
        Returns: {
          id: number;
          created_at: string;
          kind: string;
          device: string;
          words_added: number;
          words_removed: number;
          summary: string;
          size: number;
        }[];
      };
      note_history_files: {
        Args: {
          note_id: string;
        };
        Returns: string[];
      };
      note_history_touch: {
        Args: {
          note_id: string;
        };
        Returns: {
          previous_update_at: string;
          last_version_at: string;
          started_at: string;
          now: string;
        }[];
      };
      note_mentions: {
        Args: {
          note_id: string;
        };
        Returns: {
          linked: boolean;
          source_id: string;
          source_title: string;
          context: string;
          updated_at: string;
        }[];
      };
      note_people: {
        Args: {
          note_id: string;
        };
        Returns: {
          user_id: string;
          role: string;
          name: string;
          email: string;
          avatar_path: string;
          direct_role: string;
          through: string;
        }[];
      };
      note_plain_text: {
        Args: {
          markdown: string;
        };
        Returns: string;
      };
      note_role: {
        Args: {
          note_id: string;
        };
        Returns: string;
      };
      note_role_of: {
        Args: {
          note_id: string;
          person: string;
        };
        Returns: string;
      };
      note_state: {
        Args: {
          note_id: string;
        };
        Returns: {
          ydoc: string;
          ydoc_version: number;
          text_version: number;
          text_updates: number;
          update_ids: number[];
          updates: string[];
        }[];
      };
      note_state_since: {
        Args: {
          note_id: string;
          known_version: number;
          known_ids: number[];
        };
        Returns: {
          ydoc: string;
          ydoc_version: number;
          text_version: number;
          text_updates: number;
          update_ids: number[];
          updates: string[];
        }[];
      };
      note_topic_role: {
        Args: {
          topic: string;
        };
        Returns: string;
      };
      note_unlinked_mentions: {
        Args: {
          note_id: string;
        };
        Returns: {
          source_id: string;
          source_title: string;
          context: string;
          updated_at: string;
        }[];
      };
      notes_lacking_refs: {
        Args: {
          after_id?: string;
          max_rows?: number;
        };
        Returns: {
          id: string;
          title: string;
          body: string;
        }[];
      };
      notes_with_tag: {
        Args: {
          tag: string;
        };
        Returns: {
          id: string;
          title: string;
          body: string;
          pinned: boolean;
          updated_at: string;
        }[];
      };
      purge_expired_trash: { Args: never; Returns: number };
      relabel_note_links: {
        Args: {
          note_id: string;
        };
        Returns: number;
      };
      search_filters_check: {
        Args: {
          filters: Json;
        };
        Returns: undefined;
      };
      search_fold: {
        Args: {
          value: string;
        };
        Returns: string;
      };
      search_fold_position: {
        Args: {
          plain: string;
          folded_at: number;
          same: boolean;
        };
        Returns: number;
      };
      search_mark: {
        Args: {
          plain: string;
          terms: string[];
        };
        Returns: string;
      };
      search_notes: {
        Args: {
          query: string;
          max_results?: number;
          filters?: Json;
        };
        Returns: {
          id: string;
          title: string;
          title_highlighted: string;
          snippet: string;
          rank: number;
          pinned: boolean;
          updated_at: string;
        }[];
      };
      search_snippet: {
        Args: {
          plain: string;
          terms: string[];
        };
        Returns: string;
      };
      share_note: {
        Args: {
          note_id: string;
        };
        Returns: string;
      };
      shared_folders: {
        Args: never;
        Returns: {
          id: string;
          name: string;
          role: string;
          owner_name: string;
          notes: number;
        }[];
      };
      shared_note: {
        Args: {
          slug: string;
        };
        Returns: {
          title: string;
          body: string;
          updated_at: string;
          author_name: string;
          indexable: boolean;
        }[];
      };
      shared_note_ids: { Args: never; Returns: string[] };
      shared_note_links: {
        Args: {
          slug: string;
        };
        Returns: {
          title: string;
          target_slug: string;
        }[];
      };
      shared_note_page: {
        Args: {
          slug: string;
        };
        Returns: {
          title: string;
          body: string;
          updated_at: string;
          author_name: string;
          indexable: boolean;
          links: Json;
        }[];
      };
      shared_with_me: {
        Args: never;
        Returns: {
          id: string;
          title: string;
          body_start: string;
          updated_at: string;
          role: string;
          owner_name: string;
          owner_id: string;
        }[];
      };
      tag_counts_add: {
        Args: {
          users: string[];
          tags: string[];
          deltas: number[];
        };
        Returns: undefined;
      };
      tag_tree: {
        Args: never;
        Returns: {
          tag: string;
          note_count: number;
        }[];
      };
      thin_note_history: {
        Args: {
          keep_all_days?: number;
          keep_daily_days?: number;
        };
        Returns: number;
      };
      unshare_note: {
        Args: {
          note_id: string;
        };
        Returns: undefined;
      };
      user_id_for_email: {
        Args: {
          address: string;
        };
        Returns: string;
      };
      username_available: {
        Args: {
          name: string;
        };
        Returns: boolean;
      };
      write_note_derived: {
        Args: {
          note_id: string;
          title: string;
          body: string;
          from_version: number;
          from_updates: number;
          tags: string[];
          links: Json;
        };
        Returns: boolean;
      };
      write_note_refs: {
        Args: {
          note_id: string;
          title: string;
          body: string;
          tags: string[];
          links: Json;
        };
        Returns: boolean;
      };
      write_note_text: {
        Args: {
          note_id: string;
          title: string;
          body: string;
          from_version: number;
          from_updates: number;
        };
        Returns: boolean;
      };
    };
    Enums: {
      [_ in never]: never;
    };
    CompositeTypes: {
      [_ in never]: never;
    };
  };
};

type PublicSchema = Database["public"];

export type Tables<T extends keyof (PublicSchema["Tables"] & PublicSchema["Views"])> =
  (PublicSchema["Tables"] & PublicSchema["Views"])[T] extends { Row: infer R } ? R : never;

export type TablesInsert<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T] extends { Insert: infer I } ? I : never;

export type TablesUpdate<T extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][T] extends { Update: infer U } ? U : never;

export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T];

export type CompositeTypes<T extends keyof PublicSchema["CompositeTypes"]> =
  PublicSchema["CompositeTypes"][T];

export const Constants = {
  public: {
    Enums: {},
  },
} as const;
