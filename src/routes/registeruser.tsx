import { createFileRoute } from '@tanstack/react-router';
import { RegisterUserScreen } from '@/features/users/register-user-screen';
import { parseRegisterUserSearch } from '@/features/users/users-search';

export const Route = createFileRoute('/registeruser')({
  validateSearch: parseRegisterUserSearch,
  component: function RegisterUserRoute() {
    const navigate = Route.useNavigate();
    return (
      <RegisterUserScreen
        search={Route.useSearch()}
        onSearchChange={(search) => navigate({ search, replace: true })}
        onDone={(username) => navigate({ to: '/manageuser', search: username ? { q: username } : {} })}
      />
    );
  },
});
