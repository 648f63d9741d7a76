DROP INDEX `audit_agency_created_idx`;--> statement-breakpoint
CREATE INDEX `audit_agency_created_idx` ON `audit_entry` (`agency_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `outbox_agency_created_idx`;--> statement-breakpoint
CREATE INDEX `outbox_agency_created_idx` ON `email_outbox` (`agency_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `agency_name_idx` ON `agency` (`name`,`id`);--> statement-breakpoint
CREATE VIEW `agency_member` AS select p.id as id, 'user' as kind, p.agency_id as agency_id, p.name as name, u.email as email, p.role as role,
         case when p.active = 1 then 'active' else 'deactivated' end as status, null as expires_at,
         p.version as version, p.created_at as created_at, lower(p.name) || char(1) || lower(u.email) as sort_name
    from profile p join user u on u.id = p.id
   where p.agency_id is not null
  union all
  select i.id, 'invitation', i.agency_id, i.name, i.email, i.role, 'pending', i.expires_at,
         i.version, i.created_at, lower(i.name) || char(1) || lower(i.email)
    from invitation i
   where i.accepted_at is null and i.revoked_at is null;