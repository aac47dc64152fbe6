package dev.brisk.rest.spring.compat;

import jakarta.validation.Valid;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.RequestEntity;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.validation.BindingResult;
import org.springframework.web.ErrorResponseException;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.util.UriComponentsBuilder;

import java.net.URI;
import java.security.Principal;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** Customers of the sample shop: a controller as a Spring MVC 7 application writes it. */
@RestController
@RequestMapping("/customers")
public class CustomerController {

    private final Map<Long, Customer> customers = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    public CustomerController() {
        add(new Customer.Draft("Ada", "ada@example.com", LocalDate.of(1815, 12, 10), null));
        add(new Customer.Draft("Grace", "grace@example.com", LocalDate.of(1906, 12, 9), null));
    }

    private Customer add(Customer.Draft draft) {
        long id = ids.incrementAndGet();
        Customer customer = new Customer(id, draft.name(), draft.email(), draft.born());
        customers.put(id, customer);
        return customer;
    }

    @GetMapping("/{id}")
    public Customer get(@PathVariable long id) {
        Customer customer = customers.get(id);
        if (customer == null) {
            throw new CustomerNotFoundException(id);
        }
        return customer;
    }

    @PostMapping(consumes = "application/json")
    public ResponseEntity<Customer> create(@Valid @RequestBody Customer.Draft draft, UriComponentsBuilder uris) {
        Customer customer = add(draft);
        URI location = uris.path("/customers/{id}").buildAndExpand(customer.id()).toUri();
        return ResponseEntity.created(location).body(customer);
    }

    /** Checks a draft without creating it: the controller reads the binding result itself. */
    @PostMapping("/check")
    public Map<String, Object> check(@Valid @RequestBody Customer.Draft draft, BindingResult result) {
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("valid", !result.hasErrors());
        result.getFieldErrors().forEach(error -> report.put(error.getField(), error.getDefaultMessage()));
        return report;
    }

    @PutMapping("/{id}")
    public Customer replace(@PathVariable long id, HttpEntity<Customer.Draft> entity) {
        get(id);
        Customer.Draft draft = entity.getBody();
        String suffix = entity.getHeaders().getFirst("X-Suffix");
        Customer customer = new Customer(id, draft.name() + (suffix == null ? "" : suffix), draft.email(),
                draft.born());
        customers.put(id, customer);
        return customer;
    }

    @PostMapping("/raw")
    public String raw(RequestEntity<String> request) {
        return request.getMethod() + " " + request.getUrl().getPath() + " " + request.getBody();
    }

    @GetMapping("/search")
    public List<String> bornAfter(@RequestParam @DateTimeFormat(pattern = "dd.MM.yyyy") LocalDate bornAfter) {
        return customers.values().stream().filter(c -> c.born().isAfter(bornAfter)).map(Customer::name).sorted()
                .toList();
    }

    @GetMapping("/{id}/greeting")
    public String greeting(@PathVariable long id, Locale locale) {
        String hello = switch (locale.getLanguage()) {
            case "de" -> "Hallo";
            case "fr" -> "Bonjour";
            default -> "Hello";
        };
        return hello + " " + get(id).name() + " (" + locale.toLanguageTag() + ")";
    }

    @GetMapping(value = "/{id}/export", produces = "text/csv")
    public String exportCsv(@PathVariable long id) {
        Customer customer = get(id);
        return customer.id() + "," + customer.name();
    }

    @GetMapping(value = "/{id}/export", produces = "application/json")
    public Customer exportJson(@PathVariable long id) {
        return get(id);
    }

    @GetMapping("/request-info")
    public Map<String, Object> requestInfo(@RequestHeader("X-Tenant") String tenant,
                                           @RequestHeader HttpHeaders headers,
                                           @RequestHeader Map<String, String> firstValues,
                                           @RequestHeader MultiValueMap<String, String> allValues,
                                           HttpMethod method, Principal principal, WebRequest request,
                                           @RequestAttribute(name = "requestId", required = false) String requestId) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("tenant", tenant);
        info.put("accept", headers.getFirst(HttpHeaders.ACCEPT));
        info.put("firstTag", firstValues.get("x-tag"));
        info.put("tags", allValues.get("x-tag"));
        info.put("method", method.name());
        info.put("principal", principal == null ? "anonymous" : principal.getName());
        info.put("page", request.getParameter("page"));
        info.put("requestId", String.valueOf(requestId));
        return info;
    }

    @GetMapping("/{id}/async")
    public CompletableFuture<Customer> async(@PathVariable long id) {
        return CompletableFuture.supplyAsync(() -> get(id));
    }

    @GetMapping("/{id}/wrapped")
    public Customer wrapped(@PathVariable long id) {
        try {
            return get(id);
        } catch (CustomerNotFoundException e) {
            throw new IllegalStateException("lookup failed", e);
        }
    }

    @GetMapping("/{id}/conflict")
    public ResponseEntity<ProblemDetail> conflict(@PathVariable long id) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, "customer " + id
                + " has open orders");
        problem.setProperty("openOrders", 2);
        return ResponseEntity.status(HttpStatus.CONFLICT).body(problem);
    }

    @GetMapping("/{id}/legacy")
    public Customer legacy(@PathVariable long id) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.GONE, "the legacy API is retired");
        problem.setType(URI.create("https://shop.example/problems/retired"));
        problem.setProperty("successor", "/customers/" + id);
        throw new ErrorResponseException(HttpStatus.GONE, problem, null);
    }
}
